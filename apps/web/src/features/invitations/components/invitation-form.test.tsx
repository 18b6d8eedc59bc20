import {
  CLIENT_ID,
  identityRoutes,
  INVITATION_SYSTEM_ERROR_MESSAGE,
  INVITATION_UNVERIFIED_MESSAGE,
  invitationRoutes,
  peopleRoutes,
} from '@plansmith/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTenant } from '../../../../../server/test/factories.ts';
import { readSession } from '../../../shared/api/session.ts';
import { type RealApi, startRealApi } from '../../../test/real-api.ts';
import { InvitationForm } from './invitation-form.tsx';

const VALIDATE = invitationRoutes.validateInvitation.path;
const COMPLETE = invitationRoutes.completeInvitation.path;

let api: RealApi;
beforeAll(async () => {
  api = await startRealApi();
});
afterEach(() => api.reset());
afterAll(() => api.close());

/**
 * The Admin of a new tenant "Acme Marketing" adds Nora and sends her an invitation through the
 * real API; her key is read from the link in the mail, as she would click it.
 */
const inviteNora = async () => {
  const tenant = await createTenant(api.server, { name: 'Acme Marketing' });
  const admin = await tenant.tokenFor('admin');
  const email = `nora-${tenant.id.slice(0, 8)}@example.test`;
  const nora = await api.call(peopleRoutes.save, { FirstName: 'Nora', LastName: 'Newcomer', Email: email }, admin);
  await api.call(peopleRoutes.sendInvitation, { UserProfileId: nora.Id }, admin);
  const mail = (await api.mailbox()).find((message) => message.To === email && message.Kind === 'invitation');
  const key = new URL(mail?.Links[0]?.Url ?? 'http://no-mail.invalid').searchParams.get('key');
  if (!key) throw new Error(`no invitation link was mailed to ${email}`);
  return { id: nora.Id, email, key };
};

const renderForm = (invitationKey: string, onJoined = () => undefined) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <InvitationForm invitationKey={invitationKey} onJoined={onJoined} />
    </QueryClientProvider>,
  );

describe('the invitation screen (SPEC.md §2, §8)', () => {
  it('shows Processing... and then the invited first name and the inviting company', async () => {
    const { key } = await inviteNora();
    renderForm(key);
    expect(screen.getByText('Processing...')).toBeTruthy();
    expect(await screen.findByText('Nora')).toBeTruthy();
    expect(screen.getByText('Acme Marketing')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeTruthy();
  });

  it('says it cannot verify an unknown or used key', async () => {
    renderForm('a-key-that-was-never-issued');
    expect(await screen.findByText(INVITATION_UNVERIFIED_MESSAGE)).toBeTruthy();
  });

  it('shows the system-error text when there is no answer', async () => {
    const { key } = await inviteNora();
    api.dropRequestsTo(VALIDATE);
    renderForm(key);
    expect(await screen.findByText(INVITATION_SYSTEM_ERROR_MESSAGE)).toBeTruthy();
  });

  it('compares the two passwords before sending, then signs the person in', async () => {
    const nora = await inviteNora();
    const onJoined = vi.fn();
    renderForm(nora.key, onJoined);
    await userEvent.type(await screen.findByLabelText('Password'), 'a-long-enough-passphrase');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'something-else-entirely');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Passwords do not match!')).toBeTruthy();
    expect(api.sent.some((request) => request.path === COMPLETE)).toBe(false);

    await userEvent.clear(screen.getByLabelText('Confirm password'));
    await userEvent.type(screen.getByLabelText('Confirm password'), 'a-long-enough-passphrase');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await vi.waitFor(() => expect(onJoined).toHaveBeenCalled());
    expect(readSession()).toMatchObject({ IsAuthenticated: true, UserId: nora.id });
    // The chosen password is now hers, and the key is spent.
    const login = { Username: nora.email, Password: 'a-long-enough-passphrase', ClientId: CLIENT_ID } as const;
    expect((await api.call(identityRoutes.login, login)).AccessToken).toBeTruthy();
    await expect(api.call(invitationRoutes.validateInvitation, { InvitationKey: nora.key })).rejects.toThrow(INVITATION_UNVERIFIED_MESSAGE);
  });

  it('shows the server’s message when completion is refused', async () => {
    const { key } = await inviteNora();
    renderForm(key);
    await userEvent.type(await screen.findByLabelText('Password'), 'password1234');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'password1234');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('This password is too common. Please choose another.')).toBeTruthy();
  });
});
