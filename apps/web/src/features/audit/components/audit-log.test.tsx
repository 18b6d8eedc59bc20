import { auditRoutes, CLIENT_ID } from '@plansmith/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTenant } from '../../../../../server/test/factories.ts';
import { setDisplayFormat } from '../../../shared/format/display-format.ts';
import { type RealApi, startRealApi } from '../../../test/real-api.ts';
import { AuditLog } from './audit-log.tsx';

let api: RealApi;
beforeAll(async () => {
  api = await startRealApi();
});
afterEach(() => {
  api.reset();
  setDisplayFormat({ locale: 'en-US' });
});
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

  it('shows each entry’s time in the person’s display locale and takes dates typed in it (de-DE: DD.MM.YYYY)', async () => {
    setDisplayFormat({ locale: 'de-DE' });
    const tenant = await createTenant(api.server, { name: 'Audited', planCode: 'enterprise' });
    const session = await api.signIn(tenant.users.owner.email);
    const [entry] = (await api.call(auditRoutes.list, { Page: 1, PageSize: 1 }, session.AccessToken)).Items;
    if (!entry) throw new Error('the sign-in made no entry');
    renderLog([]);
    const germanTime = new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(entry.At));
    await screen.findByText(germanTime, {}, SLOW);

    // The day after the sign-in, typed as a German date: nothing matches, and the request carried it as YYYY-MM-DD.
    const next = new Date(new Date(entry.At).getTime() + 86_400_000);
    const iso = next.toISOString().slice(0, 10);
    const [year, month, day] = iso.split('-');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('From'), `${day}.${month}.${year}{Enter}`);
    await screen.findByText('Nothing matches these filters.', {}, SLOW);
    expect(api.sent.some((sent) => sent.path === auditRoutes.list.path && (sent.body as { From?: string }).From === iso)).toBe(true);
  }, 60_000);

  it('marks a typed From that is no date and keeps the list and the export as they were', async () => {
    const tenant = await createTenant(api.server, { name: 'Audited', planCode: 'enterprise' });
    await api.signIn(tenant.users.owner.email);
    renderLog([]);
    await screen.findByText('1 entry', {}, SLOW);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('From'), 'soon{Enter}');
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Type dates as /);
    expect(screen.getByText('1 entry')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Export CSV/ }).hasAttribute('disabled')).toBe(true);
  }, 60_000);
});

const renderLog = (people: { id: string; name: string }[]) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <App>
        <AuditLog people={people} />
      </App>
    </QueryClientProvider>,
  );
