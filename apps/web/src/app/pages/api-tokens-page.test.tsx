import { type ApiToken, apiTokenRoutes } from '@plansmith/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiTokensPage } from './api-tokens-page.tsx';
import { createTenant } from '../../../../server/test/factories.ts';
import { SLOW, TEST_TIMEOUT } from '../../test/merge-dialog.ts';
import { type RealApi, startRealApi } from '../../test/real-api.ts';

let api: RealApi;
beforeAll(async () => {
  api = await startRealApi();
});
afterEach(() => api.reset());
afterAll(() => api.close());

/** The page with no token yet, its Create token dialog open. */
const openCreateDialog = async () => {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <App>
        <ApiTokensPage />
      </App>
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  await screen.findByText(/^No API tokens yet\./, {}, SLOW);
  await user.click(screen.getByRole('button', { name: 'Create token' }));
  return { user, dialog: await screen.findByRole('dialog', {}, SLOW) };
};

describe('/settings/api-tokens (real API)', () => {
  it(
    'creates a read token shown once in the dialog, lists it by its prefix, and revokes it after a confirm',
    async () => {
      const tenant = await createTenant(api.server, { name: 'Tokens' });
      const member = await api.signIn(tenant.users.member.email);
      const { user, dialog } = await openCreateDialog();
      await user.type(within(dialog).getByLabelText('Name'), 'Nightly export');
      await user.click(within(dialog).getByRole('button', { name: 'Create token' }));

      const shown = (await within(dialog).findByLabelText('New API token', {}, SLOW)) as HTMLInputElement;
      expect(shown.value).toMatch(/^psk_[A-Za-z0-9_-]{43}$/);
      const listed = async () => (await api.call(apiTokenRoutes.list, undefined, member.AccessToken)) as ApiToken[];
      const [token] = await listed();
      expect(token).toMatchObject({ Name: 'Nightly export', Scope: 'read', Prefix: shown.value.slice(4, 12), Status: 'active' });
      // The token works once, as the Member: the same answer an API script gets.
      const profile = await api.server.post('/api/UserProfileClient/GetUserProfile', {}, shown.value);
      expect(profile.status).toBe(200);

      const secret = shown.value;
      await user.click(within(dialog).getByRole('button', { name: 'Done' }));
      // Closed, the token is gone for good: the dialog opens on a new token's form.
      await user.click(screen.getByRole('button', { name: 'Create token' }));
      expect(await screen.findByLabelText('Name', {}, SLOW)).toBeTruthy();
      expect(screen.queryByDisplayValue(secret)).toBeNull();
      await user.click(screen.getByRole('button', { name: 'Cancel' }));
      await screen.findByText(`psk_${token?.Prefix}…`, {}, SLOW);
      await user.click(screen.getByRole('button', { name: 'Revoke Nightly export' }));
      await user.click(await screen.findByRole('button', { name: 'Revoke' }, SLOW));
      await screen.findByText('Revoked', {}, SLOW);
      expect((await listed())[0]?.Status).toBe('revoked');
    },
    TEST_TIMEOUT * 2,
  );

  it(
    'Enter in the dialog creates the token, as the Create token button does',
    async () => {
      const tenant = await createTenant(api.server, { name: 'Tokens by keyboard' });
      const member = await api.signIn(tenant.users.member.email);
      const { user, dialog } = await openCreateDialog();
      await user.type(within(dialog).getByLabelText('Name'), 'Keyboard export{Enter}');
      const shown = (await within(dialog).findByLabelText('New API token', {}, SLOW)) as HTMLInputElement;
      expect(shown.value).toMatch(/^psk_/);
      const [token] = (await api.call(apiTokenRoutes.list, undefined, member.AccessToken)) as ApiToken[];
      expect(token).toMatchObject({ Name: 'Keyboard export', Scope: 'read' });
    },
    TEST_TIMEOUT,
  );
});
