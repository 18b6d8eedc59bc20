import { FORGOT_PASSWORD_SYSTEM_ERROR_MESSAGE, recoveryRoutes } from '@plansmith/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTenant } from '../../../../../server/test/factories.ts';
import { type RealApi, startRealApi } from '../../../test/real-api.ts';
import { ForgotPasswordForm } from './forgot-password-form.tsx';

const BEGIN = recoveryRoutes.beginPasswordRecovery.path;

// A server per test: the second test spends the address's recovery allowance, which must not
// depend on, or leak into, the order the tests run in.
let api: RealApi;
beforeEach(async () => {
  api = await startRealApi();
});
afterEach(() => api.close());

const renderForm = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <ForgotPasswordForm />
      </MemoryRouter>
    </QueryClientProvider>,
  );

/** Asks for recoveries from the address the browser's requests come from until the server refuses (429). */
const spendThisAddressesRecoveryAllowance = async () => {
  for (let i = 0; i < 50; i += 1) {
    const answer = await api.server.app.inject({ method: 'POST', url: BEGIN, payload: { Username: `spent-${i}@example.test` } });
    if (answer.statusCode === 429) return;
  }
  throw new Error('the server never limited recovery requests from one address');
};

describe('the forgot-password screen', () => {
  it('replaces the form with a confirmation and a Sign In link, and the recovery mail goes out', async () => {
    const { users } = await createTenant(api.server);
    renderForm();
    await userEvent.type(screen.getByLabelText('Email'), users.member.email);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Check your email')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/login');
    const mail = (await api.mailbox()).filter((message) => message.To === users.member.email);
    expect(mail.map((message) => message.Kind)).toEqual(['recovery']);
  });

  it('shows the system-error text when there is no answer, and the server message otherwise', async () => {
    api.dropRequestsTo(BEGIN);
    renderForm();
    await userEvent.type(screen.getByLabelText('Email'), 'sam@example.test');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(FORGOT_PASSWORD_SYSTEM_ERROR_MESSAGE)).toBeTruthy();
    api.reset();
    await spendThisAddressesRecoveryAllowance();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Too many attempts. Please wait and try again.')).toBeTruthy();
  });
});
