import { apiTokenRoutes } from '@plansmith/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { App } from 'antd';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTenant } from '../../../../../server/test/factories.ts';
import { setDisplayFormat } from '../../../shared/format/display-format.ts';
import { type RealApi, startRealApi } from '../../../test/real-api.ts';
import { ApiTokensTable } from './api-tokens-table.tsx';

// 20:00 UTC on 27 November 2026 is already 05:00 on the 28th in Tokyo (this test's browser zone).
const NOW = new Date('2026-11-27T20:00:00Z');

let api: RealApi;
const zoneBefore = process.env.TZ;
beforeAll(async () => {
  api = await startRealApi();
  api.server.clock.set(NOW);
  // The browser's zone: Node's Intl follows TZ.
  process.env.TZ = 'Asia/Tokyo';
});
afterEach(() => {
  api.reset();
  setDisplayFormat({ locale: 'en-US' });
});
afterAll(async () => {
  process.env.TZ = zoneBefore;
  await api.close();
});

describe('the API tokens table (real API)', () => {
  it('shows when a token was made and when it expires as days in the browser’s zone, not the UTC day of the instant', async () => {
    // en-GB (a change of the display format also makes the date formatters afresh, in this zone).
    setDisplayFormat({ locale: 'en-GB' });
    const tenant = await createTenant(api.server, { planCode: 'agility' });
    const session = await api.signIn(tenant.users.owner.email);
    await api.call(apiTokenRoutes.create, { Name: 'Nightly BI export', Scope: 'read', ExpiresInDays: 90 }, session.AccessToken);
    const tokens = await api.call(apiTokenRoutes.list, undefined, session.AccessToken);
    expect(tokens.map((token) => [token.CreatedAt, token.ExpiresAt])).toEqual([['2026-11-27T20:00:00.000Z', '2027-02-25T20:00:00.000Z']]);
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <App>
          <ApiTokensTable tokens={tokens} showCreator={false} />
        </App>
      </QueryClientProvider>,
    );
    const row = (await screen.findByText('Nightly BI export', { exact: false })).closest('tr');
    expect(row?.textContent).toContain('28 Nov 2026');
    expect(row?.textContent).toContain('26 Feb 2027');
    expect(row?.textContent).not.toContain('27 Nov 2026');
  }, 60_000);
});
