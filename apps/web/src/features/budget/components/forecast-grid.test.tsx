import { budgetRoutes, forecastRoutes } from '@plansmith/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { budgetItemForecasts, planPeriods } from '../../../../../server/src/schema/forecast.ts';
import { createTenant, login } from '../../../../../server/test/factories.ts';
import { createCategory, createExpenseRow, createItem, createPlan } from '../../../../../server/test/planning-factories.ts';
import { createTestClock } from '../../../../../server/test/test-app.ts';
import { type RealApi, startRealApi } from '../../../test/real-api.ts';
import { buildRows } from '../lib/budget-rows.ts';
import { ForecastGrid } from './forecast-grid.tsx';

let api: RealApi;
// happy-dom lays nothing out: the grid's scroller gets the size a browser would give it (as month-grid-merge.test.tsx).
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

/** A six-month plan, January closed, two unphased items ($600 and $300 a month), open in their Planner's Forecast view. */
const forecastView = async (name: string) => {
  const tenant = await createTenant(api.server, { name });
  const plan = await createPlan(api.server, tenant, { startDate: '2026-01-01', endDate: '2026-06-30' });
  const media = await createCategory(api.server, tenant, { name: 'Paid media', sortOrder: 1 });
  const ads = await createItem(api.server, tenant, { planId: plan.id, categoryId: media.id, name: 'Google Ads', amountCents: 360_000 });
  const webinars = await createItem(api.server, tenant, { planId: plan.id, categoryId: media.id, name: 'Webinars', amountCents: 180_000 });
  await createExpenseRow(api.server, tenant, {
    planId: plan.id,
    itemId: ads.id,
    amountCents: 50_000,
    status: 3,
    purchaseDate: '2026-01-20',
  });
  await createExpenseRow(api.server, tenant, {
    planId: plan.id,
    itemId: ads.id,
    amountCents: 70_000,
    status: 2,
    purchaseDate: '2026-03-02',
  });
  await api.server.ctx.db.insert(planPeriods).values({ tenantId: tenant.id, marketingPlanId: plan.id, month: '2026-01-01', unspent: 1 });
  const session = await api.signIn(tenant.users.member.email);
  const items = await api.call(budgetRoutes.getBudgetItems, { MarketingPlanId: plan.id }, session.AccessToken);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <App>
        <ForecastGrid planId={plan.id} rows={buildRows(items)} canEdit />
      </App>
    </QueryClientProvider>,
  );
  await screen.findByRole('table', { name: 'Forecast by month' }, { timeout: 20_000 });
  return { user: userEvent.setup(), tenant, plan, ads, webinars };
};

const cell = (label: string) => screen.findByLabelText(new RegExp(`^${label} forecast: `));
const savedOf = async (itemId: string) =>
  (await api.server.ctx.db.select().from(budgetItemForecasts).where(eq(budgetItemForecasts.budgetItemId, itemId))).map((row) => [
    row.month,
    row.amountCents,
    row.version,
  ]);

describe('the Forecast view of the month grid', () => {
  it('moves by arrow keys, saves a typed forecast, and leaves a closed month read-only and marked', async () => {
    const { user, ads } = await forecastView('Keys');
    const january = await cell('Google Ads, Jan 2026');
    // Closed: its Actual, not its Budget.
    expect(january.textContent).toBe('$500.00');
    expect(january.getAttribute('aria-label')).toMatch(/\(closed: its actual\)/);
    expect(january.className).toMatch(/\bclosed\b/);
    await user.click(january);
    await user.keyboard('9');
    expect(screen.queryByRole('textbox')).toBeNull();
    // Right twice: March, typed with digits, Enter saves.
    await user.keyboard('{ArrowRight}{ArrowRight}');
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toMatch(/^Google Ads, Mar 2026 forecast: /));
    await user.keyboard('812.5{Enter}');
    await waitFor(async () => expect((await cell('Google Ads, Mar 2026')).textContent).toBe('$812.50'), { timeout: 10_000 });
    expect(await savedOf(ads.id)).toEqual([['2026-03-01', 81_250, 1]]);
    // Delete on an entered forecast puts it back to the budget (here its floor: $700 committed).
    await user.click(await cell('Google Ads, Mar 2026'));
    await user.keyboard('{Delete}');
    await waitFor(async () => expect((await cell('Google Ads, Mar 2026')).textContent).toBe('$700.00'), { timeout: 10_000 });
    expect(await savedOf(ads.id)).toEqual([['2026-03-01', null, 2]]);
  });

  it('pastes a block copied from a spreadsheet as one save, and refuses one that reaches a closed month', async () => {
    const { user, ads, webinars } = await forecastView('Paste');
    await user.click(await cell('Google Ads, Apr 2026'));
    fireEvent.paste(document.activeElement as HTMLElement, { clipboardData: { getData: () => '1,000\t19.99\n$250\t0\n' } });
    await waitFor(async () => expect((await cell('Webinars, May 2026')).textContent).toBe('$0.00'), { timeout: 10_000 });
    expect(await savedOf(ads.id)).toEqual([
      ['2026-04-01', 100_000, 1],
      ['2026-05-01', 1_999, 1],
    ]);
    expect(await savedOf(webinars.id)).toEqual([
      ['2026-04-01', 25_000, 1],
      ['2026-05-01', 0, 1],
    ]);
    expect(api.sent.filter((request) => request.path === '/api/ForecastClient/Save')).toHaveLength(1);
    await user.click(await cell('Webinars, Jan 2026'));
    fireEvent.paste(document.activeElement as HTMLElement, { clipboardData: { getData: () => '5' } });
    await screen.findByText(/Jan 2026, which is closed/, undefined, { timeout: 10_000 });
    expect(api.sent.filter((request) => request.path === '/api/ForecastClient/Save')).toHaveLength(1);
  });

  it('shows the server’s refusal of a forecast below Actual + Committed and saves nothing', async () => {
    const { user, ads } = await forecastView('Floor');
    await user.click(await cell('Google Ads, Mar 2026'));
    await user.keyboard('699.99{Enter}');
    await screen.findByText(
      /Google Ads, Mar 2026: the forecast \$699\.99 is below Actual \+ Committed of the month \(\$700\.00\)/,
      undefined,
      {
        timeout: 10_000,
      },
    );
    expect(await savedOf(ads.id)).toEqual([]);
  });

  it('asks about a cell a colleague saved meanwhile: theirs beside mine, and “Save mine over theirs” sends their version', async () => {
    const { user, tenant, plan, ads } = await forecastView('Merge');
    await cell('Google Ads, Apr 2026');
    const admin = (await login(api.server, tenant.users.admin.email)).AccessToken as string;
    await api.call(
      forecastRoutes.saveForecast,
      { MarketingPlanId: plan.id, Cells: [{ BudgetItemId: ads.id, Month: '2026-04', Forecast: 900 }] },
      admin,
    );
    await user.click(await cell('Google Ads, Apr 2026'));
    await user.keyboard('750{Enter}');
    const dialog = await screen.findByRole('dialog', { name: MERGE }, { timeout: 10_000 });
    const row = within(dialog).getByText('Google Ads, Apr 2026').closest('tr') as HTMLElement;
    expect(within(row).getByText('$900.00')).toBeTruthy();
    expect(within(row).getByText('$750.00')).toBeTruthy();
    expect(await savedOf(ads.id)).toEqual([['2026-04-01', 90_000, 1]]);
    await user.click(within(dialog).getByRole('button', { name: 'Save mine over theirs' }));
    await waitFor(async () => expect(await savedOf(ads.id)).toEqual([['2026-04-01', 75_000, 2]]), { timeout: 10_000 });
    const sent = api.sent.filter((request) => request.path === '/api/ForecastClient/Save').map((request) => request.body);
    expect(sent).toEqual([
      expect.objectContaining({ Cells: [expect.objectContaining({ Forecast: 750, Version: null })] }),
      expect.objectContaining({ Cells: [expect.objectContaining({ Forecast: 750, Version: 1 })] }),
    ]);
  });
});

describe('Ctrl+Z in the Forecast view', () => {
  const saves = () => api.sent.filter((request) => request.path === '/api/ForecastClient/Save').map((request) => request.body);

  it('puts a typed forecast back to what was entered before, in one save carrying the cell’s version, once', async () => {
    const { user, ads } = await forecastView('Undo typed');
    await user.click(await cell('Google Ads, Mar 2026'));
    await user.keyboard('812.5{Enter}');
    await waitFor(async () => expect(await savedOf(ads.id)).toEqual([['2026-03-01', 81_250, 1]]), { timeout: 10_000 });
    await user.keyboard('850{Enter}');
    await waitFor(async () => expect((await cell('Google Ads, Mar 2026')).textContent).toBe('$850.00'), { timeout: 10_000 });
    expect(await savedOf(ads.id)).toEqual([['2026-03-01', 85_000, 2]]);
    await user.keyboard('{Control>}z{/Control}');
    await waitFor(async () => expect((await cell('Google Ads, Mar 2026')).textContent).toBe('$812.50'), { timeout: 10_000 });
    expect(await savedOf(ads.id)).toEqual([['2026-03-01', 81_250, 3]]);
    expect(saves()).toHaveLength(3);
    expect(saves()[2]).toEqual({
      MarketingPlanId: expect.any(String),
      Cells: [{ BudgetItemId: ads.id, Month: '2026-03', Forecast: 812.5, Version: 2 }],
    });
    await screen.findByText('Undone: changed the forecast of Google Ads, Mar 2026.', undefined, { timeout: 10_000 });
    // One step: a second Ctrl+Z sends nothing.
    await user.keyboard('{Control>}z{/Control}');
    expect(saves()).toHaveLength(3);
    expect(screen.queryByRole('button', { name: /Undo:/ })).toBeNull();
  });

  it('puts a pasted block back as one save with each cell’s version (a cell that followed the budget follows it again)', async () => {
    const { user, ads, webinars } = await forecastView('Undo paste');
    await user.click(await cell('Webinars, Apr 2026'));
    await user.keyboard('333.33{Enter}');
    await waitFor(async () => expect(await savedOf(webinars.id)).toEqual([['2026-04-01', 33_333, 1]]), { timeout: 10_000 });
    await user.click(await cell('Google Ads, Apr 2026'));
    fireEvent.paste(document.activeElement as HTMLElement, { clipboardData: { getData: () => '1,000\t19.99\n$250\t0\n' } });
    await waitFor(async () => expect((await cell('Webinars, Apr 2026')).textContent).toBe('$250.00'), { timeout: 10_000 });
    expect(await savedOf(webinars.id)).toEqual([
      ['2026-04-01', 25_000, 2],
      ['2026-05-01', 0, 1],
    ]);
    await user.click(await screen.findByRole('button', { name: /Undo: pasted 4 forecast cells$/ }));
    await waitFor(async () => expect((await cell('Webinars, May 2026')).textContent).toBe('$300.00'), { timeout: 10_000 });
    expect((await cell('Google Ads, Apr 2026')).textContent).toBe('$600.00');
    expect((await cell('Google Ads, May 2026')).textContent).toBe('$600.00');
    expect((await cell('Webinars, Apr 2026')).textContent).toBe('$333.33');
    expect(await savedOf(ads.id)).toEqual([
      ['2026-04-01', null, 2],
      ['2026-05-01', null, 2],
    ]);
    expect(await savedOf(webinars.id)).toEqual([
      ['2026-04-01', 33_333, 3],
      ['2026-05-01', null, 2],
    ]);
    expect(saves()).toHaveLength(3);
    expect(saves()[2]).toEqual({
      MarketingPlanId: expect.any(String),
      Cells: [
        { BudgetItemId: ads.id, Month: '2026-04', Forecast: null, Version: 1 },
        { BudgetItemId: ads.id, Month: '2026-05', Forecast: null, Version: 1 },
        { BudgetItemId: webinars.id, Month: '2026-04', Forecast: 333.33, Version: 2 },
        { BudgetItemId: webinars.id, Month: '2026-05', Forecast: null, Version: 1 },
      ],
    });
  });

  it('undoes nothing when a colleague changed the cell since, and says so', async () => {
    const { user, tenant, plan, ads } = await forecastView('Undo stale');
    await user.click(await cell('Google Ads, Jun 2026'));
    await user.keyboard('640{Enter}');
    await waitFor(async () => expect(await savedOf(ads.id)).toEqual([['2026-06-01', 64_000, 1]]), { timeout: 10_000 });
    const admin = (await login(api.server, tenant.users.admin.email)).AccessToken as string;
    await api.call(
      forecastRoutes.saveForecast,
      { MarketingPlanId: plan.id, Cells: [{ BudgetItemId: ads.id, Month: '2026-06', Forecast: 19.99, Version: 1 }] },
      admin,
    );
    await user.click(await cell('Google Ads, Jun 2026'));
    await user.keyboard('{Control>}z{/Control}');
    await screen.findByText(/The undo would overwrite it, so nothing was undone\./, undefined, { timeout: 10_000 });
    expect(await savedOf(ads.id)).toEqual([['2026-06-01', 1_999, 2]]);
    await waitFor(async () => expect((await cell('Google Ads, Jun 2026')).textContent).toBe('$19.99'), { timeout: 10_000 });
  });
});
