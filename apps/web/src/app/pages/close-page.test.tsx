import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTenant } from '../../../../server/test/factories.ts';
import { createPlan } from '../../../../server/test/planning-factories.ts';
import { CONTEXT_PLAN_KEY } from '../../shared/api/session-keys.ts';
import { ContextSelectionProvider } from '../../shared/context/context-selection.tsx';
import { type RealApi, startRealApi } from '../../test/real-api.ts';
import { ClosePage } from './close-page.tsx';

// The close reminder mail links to /close?plan=<id> (DESIGN.md §14): the page opens on that plan, not
// on the person's current plan (the team's earliest-starting live plan here).

let api: RealApi;
beforeAll(async () => {
  api = await startRealApi();
});
afterEach(() => api.reset());
afterAll(() => api.close());

const renderAt = (entry: string) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[entry]}>
        <ContextSelectionProvider>
          <App>
            <ClosePage />
          </App>
        </ContextSelectionProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );

const WAIT = { timeout: 10_000 };

describe('the close page', () => {
  it('opens on the plan the link names (/close?plan=<id>) and makes it the context plan', async () => {
    const tenant = await createTenant(api.server);
    await createPlan(api.server, tenant, { name: 'Current plan', startDate: '2026-01-01', endDate: '2026-12-31' });
    const named = await createPlan(api.server, tenant, { name: 'Events plan', startDate: '2026-04-01', endDate: '2026-06-30' });
    await api.signIn(tenant.users.owner.email);
    renderAt(`/close?plan=${named.id}`);
    await screen.findByText('Events plan', {}, WAIT);
    await waitFor(
      () =>
        expect(
          api.sent
            .filter((request) => request.path === '/api/PlanPeriodClient/Get')
            .map((request) => (request.body as { MarketingPlanId: string }).MarketingPlanId),
        ).toEqual([named.id]),
      WAIT,
    );
    expect(screen.queryByText('Current plan')).toBeNull();
    await waitFor(() => expect(localStorage.getItem(CONTEXT_PLAN_KEY)).toBe(named.id), WAIT);
  });

  it('without a plan in the link, opens on the current plan', async () => {
    const tenant = await createTenant(api.server);
    const current = await createPlan(api.server, tenant, { name: 'Current plan', startDate: '2026-01-01', endDate: '2026-12-31' });
    await createPlan(api.server, tenant, { name: 'Events plan', startDate: '2026-04-01', endDate: '2026-06-30' });
    await api.signIn(tenant.users.owner.email);
    renderAt('/close');
    await screen.findByText('Current plan', {}, WAIT);
    await waitFor(
      () =>
        expect(
          api.sent
            .filter((request) => request.path === '/api/PlanPeriodClient/Get')
            .map((request) => (request.body as { MarketingPlanId: string }).MarketingPlanId),
        ).toEqual([current.id]),
      WAIT,
    );
  });
});
