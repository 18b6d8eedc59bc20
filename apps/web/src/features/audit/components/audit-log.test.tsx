import { CLIENT_ID } from '@plansmith/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTenant } from '../../../../../server/test/factories.ts';
import { type RealApi, startRealApi } from '../../../test/real-api.ts';
import { AuditLog } from './audit-log.tsx';

let api: RealApi;
beforeAll(async () => {
  api = await startRealApi();
});
afterEach(() => api.reset());
afterAll(() => api.close());

const SLOW = { timeout: 15_000 };

describe('the audit log screen (real API)', () => {
  it('lists the account’s security events and the Kind filter keeps only failed sign-ins', async () => {
    const tenant = await createTenant(api.server, { name: 'Audited', planCode: 'enterprise' });
    const failed = await api.server.post('/api/identity/token/user', {
      Username: tenant.users.member.email,
      Password: 'not-the-right-password',
      ClientId: CLIENT_ID,
    });
    expect(failed.status).toBe(401);
    await api.signIn(tenant.users.owner.email);
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <App>
          <AuditLog people={[{ id: tenant.users.member.id, name: 'Member Audited' }]} />
        </App>
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    await screen.findByText(`Failed sign-in as ${tenant.users.member.email}: wrong password`, {}, SLOW);
    expect(screen.getByText(`Signed in as ${tenant.users.owner.email} with a password`)).toBeTruthy();
    expect(screen.getByText('2 entries')).toBeTruthy();
    await user.click(screen.getByLabelText('Kind'));
    await user.click(await screen.findByTitle('Failed sign-in'));
    await waitFor(() => expect(screen.getByText('1 entry')).toBeTruthy(), SLOW);
    expect(screen.queryByText(`Signed in as ${tenant.users.owner.email} with a password`)).toBeNull();
  }, 60_000);
});
