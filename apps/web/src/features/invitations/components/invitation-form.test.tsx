import { INVITATION_SYSTEM_ERROR_MESSAGE, INVITATION_UNVERIFIED_MESSAGE } from '@plansmith/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, failure, ok } from '../../../test/fake-api.ts';
import { InvitationForm } from './invitation-form.tsx';

const VALIDATE = '/api/UserProfileInvitationClient/ValidateInvitation';
const COMPLETE = '/api/UserProfileInvitationClient/CompleteInvitation';

const renderForm = (onJoined = () => undefined) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <InvitationForm invitationKey="the-key" onJoined={onJoined} />
    </QueryClientProvider>,
  );

afterEach(() => vi.unstubAllGlobals());

describe('the invitation screen (SPEC.md §2, §8)', () => {
  it('shows Processing... and then the invited first name and the inviting company', async () => {
    fakeApi({ [VALIDATE]: ok({ FirstName: 'Nora', CompanyName: 'Acme Marketing', Email: 'nora@example.test' }) });
    renderForm();
    expect(screen.getByText('Processing...')).toBeTruthy();
    expect(await screen.findByText('Nora')).toBeTruthy();
    expect(screen.getByText('Acme Marketing')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeTruthy();
  });

  it('says it cannot verify an unknown or used key', async () => {
    fakeApi({ [VALIDATE]: failure(404, INVITATION_UNVERIFIED_MESSAGE) });
    renderForm();
    expect(await screen.findByText(INVITATION_UNVERIFIED_MESSAGE)).toBeTruthy();
  });

  it('shows the system-error text when there is no answer', async () => {
    fakeApi({ [VALIDATE]: 'network-error' });
    renderForm();
    expect(await screen.findByText(INVITATION_SYSTEM_ERROR_MESSAGE)).toBeTruthy();
  });

  it('compares the two passwords before sending, then signs the person in', async () => {
    const onJoined = vi.fn();
    const calls = fakeApi({
      [VALIDATE]: ok({ FirstName: 'Nora', CompanyName: 'Acme Marketing', Email: 'nora@example.test' }),
      [COMPLETE]: ok({
        AccessToken: 'a.eyJzdWIiOiJ1c2VyLTEifQ.c',
        RefreshToken: 'r',
        Expiration: new Date(Date.now() + 900_000).toISOString(),
      }),
    });
    renderForm(onJoined);
    await userEvent.type(await screen.findByLabelText('Password'), 'a-long-enough-passphrase');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'something-else-entirely');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Passwords do not match!')).toBeTruthy();
    expect(calls.some((call) => call.path === COMPLETE)).toBe(false);

    await userEvent.clear(screen.getByLabelText('Confirm password'));
    await userEvent.type(screen.getByLabelText('Confirm password'), 'a-long-enough-passphrase');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await vi.waitFor(() => expect(onJoined).toHaveBeenCalled());
    expect(calls.find((call) => call.path === COMPLETE)?.body).toEqual({
      InvitationKey: 'the-key',
      Password: 'a-long-enough-passphrase',
      ConfirmPassword: 'a-long-enough-passphrase',
      ClientId: 'plansmith-web',
    });
    expect(JSON.parse(localStorage.getItem('user_session') ?? '{}').IsAuthenticated).toBe(true);
  });

  it('shows the server’s message when completion is refused', async () => {
    fakeApi({
      [VALIDATE]: ok({ FirstName: 'Nora', CompanyName: 'Acme Marketing', Email: 'nora@example.test' }),
      [COMPLETE]: failure(400, 'This password is too common. Please choose another.'),
    });
    renderForm();
    await userEvent.type(await screen.findByLabelText('Password'), 'password1234');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'password1234');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('This password is too common. Please choose another.')).toBeTruthy();
  });
});
