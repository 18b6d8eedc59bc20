import { budgetRoutes } from '@plansmith/contract';
import { budgetMonthRoutes } from '@plansmith/contract/budget-months';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { budgetItemMonths } from '../../../../../server/src/schema/budget.ts';
import { createTenant, login } from '../../../../../server/test/factories.ts';
import { createCategory, createItem, createPlan } from '../../../../../server/test/planning-factories.ts';
import { createTestClock } from '../../../../../server/test/test-app.ts';
import { type RealApi, startRealApi } from '../../../test/real-api.ts';
import { buildRows } from '../lib/budget-rows.ts';
import { MonthGrid } from './month-grid.tsx';

let api: RealApi;
// happy-dom lays nothing out: the grid's scroller gets the size a browser would give it, so that the
// virtualiser draws its rows.
const sizes = ['clientWidth', 'clientHeight'] as const;
const layout = sizes.map((name) => [name, Object.getOwnPropertyDescriptor(HTMLElement.prototype, name)] as const);
beforeAll(async () => {
  for (const [name, original] of layout) {
    Object.defineProperty(HTMLElement.prototype, name, {
      configurable: true,
      get(this: HTMLElement) {
        if (this.classList.contains('month-grid')) return name === 'clientWidth' ? 1200 : 600;
        return original?.get?.call(this) ?? 0;
      },
    });
  }
  api = await startRealApi({ clock: createTestClock(new Date('2026-03-15T12:00:00Z')) });
});
afterEach(() => api.reset());
afterAll(async () => {
  for (const [name, original] of layout) if (original) Object.defineProperty(HTMLElement.prototype, name, original);
  await api.close();
});

const MERGE = 'Someone else changed this while you were editing';
const SIX = { '2026-01': 100_000, '2026-02': 100_000, '2026-03': 100_000, '2026-04': 100_000, '2026-05': 100_000, '2026-06': 100_000 };

/**
 * A phased item and an unphased one open in the month grid of their Planner; then the Admin types
 * March of the phased item (from the same versions) through the API.
 */
const gridThenColleagueTypesMarch = async (name: string) => {
  const tenant = await createTenant(api.server, { name });
  const plan = await createPlan(api.server, tenant, { startDate: '2026-01-01', endDate: '2026-06-30' });
  const media = await createCategory(api.server, tenant, { name: 'Paid media', sortOrder: 1 });
  const ads = await createItem(api.server, tenant, {
    planId: plan.id,
    categoryId: media.id,
    name: 'Google Ads',
    amountCents: 600_000,
    months: SIX,
  });
  const webinars = await createItem(api.server, tenant, { planId: plan.id, categoryId: media.id, name: 'Webinars', amountCents: 300_000 });
  const session = await api.signIn(tenant.users.member.email);
  const items = await api.call(budgetRoutes.getBudgetItems, { MarketingPlanId: plan.id }, session.AccessToken);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <App>
        <MonthGrid planId={plan.id} startDate={plan.startDate} endDate={plan.endDate} rows={buildRows(items)} view="Months" canEdit />
      </App>
    </QueryClientProvider>,
  );
  await screen.findByRole('table', { name: 'Budget by month' }, { timeout: 20_000 });
  await screen.findByLabelText(/^Google Ads, Mar 2026: \$1,000\.00/, undefined, { timeout: 20_000 });
  const admin = (await login(api.server, tenant.users.admin.email)).AccessToken as string;
  await api.call(budgetMonthRoutes.setMonth, { BudgetItemId: ads.id, Month: '2026-03', Amount: 1500, YearTotal: null, Version: 1 }, admin);
  return { user: userEvent.setup(), ads, webinars };
};

const cell = (label: string) => screen.findByLabelText(new RegExp(`^${label}: `));
const marchOf = async (itemId: string) =>
  (await api.server.ctx.db.select().from(budgetItemMonths).where(eq(budgetItemMonths.budgetItemId, itemId))).find(
    (row) => row.month === '2026-03-01',
  );

describe('a month cell a colleague changed while the grid was open', () => {
  it('shows their amount beside mine for that cell and, on “Save mine over theirs”, saves mine from their version', async () => {
    const { user, ads } = await gridThenColleagueTypesMarch('Cell');
    await user.click(await cell('Google Ads, Mar 2026'));
    await user.keyboard('750{Enter}');

    const dialog = await screen.findByRole('dialog', { name: MERGE }, { timeout: 10_000 });
    expect(within(dialog).getByText(/^Admin Cell changed Google Ads, Mar 2026 at .+ while you were editing\.$/)).toBeTruthy();
    const row = within(dialog).getByText('Google Ads, Mar 2026').closest('tr') as HTMLElement;
    expect(within(row).getByText('$1,500.00')).toBeTruthy();
    expect(within(row).getByText('$750.00')).toBeTruthy();
    // Nothing of mine was written before the choice.
    expect(await marchOf(ads.id)).toMatchObject({ amountCents: 150_000, version: 2 });

    await user.click(within(dialog).getByRole('button', { name: 'Save mine over theirs' }));
    await waitFor(async () => expect(await marchOf(ads.id)).toMatchObject({ amountCents: 75_000, version: 3 }), { timeout: 10_000 });
    const sent = api.sent.filter((request) => request.path === '/api/BudgetItemClient/SetMonth').map((request) => request.body);
    expect(sent).toEqual([
      expect.objectContaining({ Month: '2026-03', Amount: 750, Version: 1 }),
      expect.objectContaining({ Month: '2026-03', Amount: 750, Version: 2 }),
    ]);
  });

  it('on “Keep theirs” writes nothing and the grid shows their amount', async () => {
    const { user, ads } = await gridThenColleagueTypesMarch('Keep');
    await user.click(await cell('Google Ads, Mar 2026'));
    await user.keyboard('750{Enter}');
    const dialog = await screen.findByRole('dialog', { name: MERGE }, { timeout: 10_000 });
    await user.click(within(dialog).getByRole('button', { name: 'Keep theirs' }));
    await waitFor(async () => expect((await cell('Google Ads, Mar 2026')).textContent).toBe('$1,500.00'), { timeout: 10_000 });
    expect(await marchOf(ads.id)).toMatchObject({ amountCents: 150_000, version: 2 });
  });

  it('does not ask when the colleague changed another month of the same item: both are kept', async () => {
    const { user, ads } = await gridThenColleagueTypesMarch('Other');
    await user.click(await cell('Google Ads, Apr 2026'));
    await user.keyboard('200{Enter}');
    await waitFor(async () => expect((await cell('Google Ads, Apr 2026')).textContent).toBe('$200.00'), { timeout: 10_000 });
    expect(screen.queryByRole('dialog', { name: MERGE })).toBeNull();
    expect(await marchOf(ads.id)).toMatchObject({ amountCents: 150_000 });
  });

  it('a pasted block over the changed cell asks for the whole block and writes none of it on “Keep theirs”', async () => {
    const { user, ads, webinars } = await gridThenColleagueTypesMarch('Paste');
    await user.click(await cell('Google Ads, Feb 2026'));
    // Feb and Mar of Google Ads, and of Webinars below it: 2 × 2 cells.
    fireEvent.paste(document.activeElement as HTMLElement, {
      clipboardData: { getData: () => '10\t20\n30\t40' },
    });
    const dialog = await screen.findByRole('dialog', { name: MERGE }, { timeout: 10_000 });
    const row = within(dialog).getByText('Google Ads, Mar 2026').closest('tr') as HTMLElement;
    expect(within(row).getByText('$1,500.00')).toBeTruthy();
    expect(within(row).getByText('$20.00')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Keep theirs' }));
    await screen.findByText('Kept their amounts.', undefined, { timeout: 10_000 });
    // Not even the Webinars row (as it was read) was written: the block is all or nothing.
    expect(await api.server.ctx.db.select().from(budgetItemMonths).where(eq(budgetItemMonths.budgetItemId, webinars.id))).toEqual([]);
    expect(await marchOf(ads.id)).toMatchObject({ amountCents: 150_000, version: 2 });
  });
});
