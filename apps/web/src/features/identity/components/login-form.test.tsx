import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LoginForm } from './login-form.tsx';

const renderForm = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <LoginForm onSignedIn={() => undefined} />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('the sign-in form', () => {
  it('asks for both fields with the messages of SPEC.md §5', async () => {
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Please enter your email!')).toBeTruthy();
    expect(await screen.findByText('Please enter your password!')).toBeTruthy();
  });

  it('refuses an address that is not an e-mail', async () => {
    renderForm();
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.type(screen.getByLabelText('Password'), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Please enter a valid email address!')).toBeTruthy();
  });

  it('links to forgot password and to register with utm_source=self', () => {
    renderForm();
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/forgotpassword');
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe('/register?utm_source=self');
  });
});
