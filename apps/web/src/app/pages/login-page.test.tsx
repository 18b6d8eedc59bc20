import { SSO_ERROR_PARAM, SSO_LANDING_PATH } from '@plansmith/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LoginPage } from './login-page.tsx';

const renderAt = (url: string) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[url]}>
        <LoginPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('the sign-in page in the app', () => {
  it('offers Sign in with SSO, and says why a single sign-on that came back failed', () => {
    renderAt(`/login?${SSO_ERROR_PARAM}=${encodeURIComponent('Your account is not active.')}`);
    expect(screen.getByRole('alert').textContent).toContain('Your account is not active.');
    expect(screen.getByRole('link', { name: 'Sign in with SSO' }).getAttribute('href')).toBe(SSO_LANDING_PATH);
  });

  it('shows no notice without sso_error', () => {
    renderAt('/login');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
