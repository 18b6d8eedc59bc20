import { FORGOT_PASSWORD_SYSTEM_ERROR_MESSAGE } from '@plansmith/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, failure, ok } from '../../../test/fake-api.ts';
import { ForgotPasswordForm } from './forgot-password-form.tsx';

const BEGIN = '/api/AccountClient/BeginPasswordRecovery';

const renderForm = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <ForgotPasswordForm />
      </MemoryRouter>
    </QueryClientProvider>,
  );

afterEach(() => vi.unstubAllGlobals());

describe('the forgot-password screen', () => {
  it('replaces the form with a confirmation and a Sign In link', async () => {
    const calls = fakeApi({ [BEGIN]: ok(true) });
    renderForm();
    await userEvent.type(screen.getByLabelText('Email'), 'sam@example.test');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Check your email')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/login');
    expect(calls[0]?.body).toEqual({ Username: 'sam@example.test' });
  });

  it('shows the system-error text when there is no answer, and the server message otherwise', async () => {
    fakeApi({ [BEGIN]: 'network-error' });
    renderForm();
    await userEvent.type(screen.getByLabelText('Email'), 'sam@example.test');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(FORGOT_PASSWORD_SYSTEM_ERROR_MESSAGE)).toBeTruthy();
    vi.unstubAllGlobals();
    fakeApi({ [BEGIN]: failure(429, 'Too many attempts. Please wait and try again.') });
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Too many attempts. Please wait and try again.')).toBeTruthy();
  });
});
