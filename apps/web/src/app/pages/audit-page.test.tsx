import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTenant } from '../../../../server/test/factories.ts';
import { type RealApi, startRealApi } from '../../test/real-api.ts';
import { AuditPage } from './audit-page.tsx';

let api: RealApi;
beforeAll(async () => {
  api = await startRealApi();
});
afterEach(() => api.reset());
afterAll(() => api.close());

const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <App>
        <MemoryRouter initialEntries={['/account/audit']}>
          <AuditPage />
        </MemoryRouter>
      </App>
    </QueryClientProvider>,
  );

const SLOW = { timeout: 10_000 };

describe('/account/audit on a plan other than Enterprise (real API)', () => {
  it('offers the Owner the upgrade to Enterprise instead of telling them to ask the Owner', async () => {
    const tenant = await createTenant(api.server, { name: 'Performance Co', planCode: 'performance' });
    await api.signIn(tenant.users.owner.email);
    renderPage();
    expect(await screen.findByText('Audit Log is part of the Enterprise plan', {}, SLOW)).toBeTruthy();
    expect(await screen.findByText('Your account is on the Performance plan. Enterprise includes Audit Log.', {}, SLOW)).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'Upgrade to Enterprise' }, SLOW)).getAttribute('href')).toBe(
      '/account/biling?plan=enterprise',
    );
    expect(screen.queryByText(/Ask your account Owner/)).toBeNull();
    expect(screen.queryByRole('button', { name: /Export CSV/ })).toBeNull();
  }, 60_000);

  it('tells an Admin which Owner to ask, by name, with no upgrade link', async () => {
    const tenant = await createTenant(api.server, { name: 'Agility Co', planCode: 'agility' });
    await api.signIn(tenant.users.admin.email);
    renderPage();
    expect(
      await screen.findByText('Ask Owner Agility Co, your account Owner, to upgrade the account on the Billing page.', {}, SLOW),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Upgrade/ })).toBeNull();
  }, 60_000);
});
