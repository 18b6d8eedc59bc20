import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTenant } from '../../../../../server/test/factories.ts';
import { createCategory, createExpenseRow, createItem, createPlan } from '../../../../../server/test/planning-factories.ts';
import { type RealApi, startRealApi } from '../../../test/real-api.ts';
import { CloseScreen } from './close-screen.tsx';

// The /close screen against the real API (issue 31.4): a Viewer looks without acting; an Owner marks
// the blocker actual, sees the unspent cent and closes the month with roll forward.

let api: RealApi;
beforeAll(async () => {
  api = await startRealApi();
});
afterEach(() => api.reset());
afterAll(() => api.close());

/** A plan of January–March 2026 (ended): "Search" $1,000.00 in January, $900.00 actual and a $99.99 planned banner there. */
const arrange = async () => {
  const tenant = await createTenant(api.server);
  const plan = await createPlan(api.server, tenant, { name: 'Close plan', startDate: '2026-01-01', endDate: '2026-03-31' });
  const category = await createCategory(api.server, tenant, { name: 'Media' });
  const item = await createItem(api.server, tenant, {
    planId: plan.id,
    categoryId: category.id,
    amountCents: 100_000,
    name: 'Search',
    months: { '2026-01': 100_000 },
  });
  await createExpenseRow(api.server, tenant, { planId: plan.id, itemId: item.id, amountCents: 90_000, purchaseDate: '2026-01-10' });
  await createExpenseRow(api.server, tenant, {
    planId: plan.id,
    itemId: item.id,
    amountCents: 9_999,
    status: 1,
    purchaseDate: '2026-01-20',
    name: 'Banner',
  });
  return { tenant, plan };
};

const renderScreen = (planId: string) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <App>
          <CloseScreen planId={planId} isArchived={false} />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );

const WAIT = { timeout: 10_000 };

describe('the close screen', () => {
  it('lets a Viewer look at the months and blockers without any action', async () => {
    const { tenant, plan } = await arrange();
    await api.signIn(tenant.users.viewer.email);
    renderScreen(plan.id);
    await screen.findByRole('listitem', { name: 'January 2026: next to close' }, WAIT);
    expect(screen.getByText(/Closing one is for the team’s Lead, an Admin or the Owner/)).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Blockers of January 2026' })).getByText('Banner')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark actual' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Close January 2026' })).toBeNull();
  });

  it('marks the blocker actual, shows the one unspent cent and closes January with roll forward', async () => {
    const { tenant, plan } = await arrange();
    await api.signIn(tenant.users.owner.email);
    renderScreen(plan.id);
    const close = await screen.findByRole('button', { name: 'Close January 2026' }, WAIT);
    expect((close as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Mark actual' }));
    await screen.findByText('No planned or committed expense is left in January 2026 or earlier.', {}, WAIT);
    const row = screen.getByRole('row', { name: /Search/ });
    expect(row.textContent).toContain('$1,000.00');
    expect(row.textContent).toContain('$999.99');
    expect(row.textContent).toContain('$0.01');
    await waitFor(
      () => expect((screen.getByRole('button', { name: 'Close January 2026' }) as HTMLButtonElement).disabled).toBe(false),
      WAIT,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Close January 2026' }));
    // The confirmation's own "Close January 2026" button.
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Close January 2026' })).toHaveLength(2), WAIT);
    fireEvent.click(screen.getAllByRole('button', { name: 'Close January 2026' })[1] as HTMLElement);
    await screen.findByRole('listitem', { name: 'January 2026: closed' }, WAIT);
    await screen.findByRole('listitem', { name: 'February 2026: next to close' }, WAIT);
    expect(api.sent.map((request) => request.path)).toEqual(
      expect.arrayContaining(['/api/ExpenseClient/GetExpense', '/api/ExpenseClient/Save', '/api/PlanPeriodClient/Close']),
    );
  });
});
