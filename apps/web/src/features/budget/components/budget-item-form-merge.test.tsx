import { type BudgetItem, budgetRoutes, categoryRoutes, planRoutes } from '@plansmith/contract';
import { budgetMonthRoutes } from '@plansmith/contract/budget-months';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { budgetItemMonths, budgetItems } from '../../../../../server/src/schema/budget.ts';
import { createTenant, login } from '../../../../../server/test/factories.ts';
import { createCategory, createItem, createPlan } from '../../../../../server/test/planning-factories.ts';
import { createTestClock } from '../../../../../server/test/test-app.ts';
import { type RealApi, startRealApi } from '../../../test/real-api.ts';
import { MemoryRouter } from 'react-router';
import { buildRows, sumItems } from '../lib/budget-rows.ts';
import { BudgetGrid } from './budget-grid.tsx';
import { BudgetItemForm } from './budget-item-form.tsx';

let api: RealApi;
// Mid-March 2026: March to June are the open months of a January–June plan.
beforeAll(async () => {
  api = await startRealApi({ clock: createTestClock(new Date('2026-03-15T12:00:00Z')) });
});
afterEach(() => api.reset());
afterAll(() => api.close());

const MERGE_TITLE = 'Someone else changed this while you were editing';
const SLOW = { timeout: 15_000 };
const TEST_TIMEOUT = 60_000;
const SIX = { '2026-01': 100_000, '2026-02': 100_000, '2026-03': 100_000, '2026-04': 100_000, '2026-05': 100_000, '2026-06': 100_000 };

/**
 * A phased item ($1,000 a month, January–June) open in its form for the Planner; then the Admin
 * types March $1,500 keeping the year total: April–June give the $500 back, the item's own row (its
 * Version) is unchanged, only the month cells moved on.
 */
const formThenColleagueKeepsTotal = async (name: string) => {
  const tenant = await createTenant(api.server, { name });
  const plan = await createPlan(api.server, tenant, { startDate: '2026-01-01', endDate: '2026-06-30' });
  const category = await createCategory(api.server, tenant, { name: 'Paid media' });
  const created = await createItem(api.server, tenant, {
    planId: plan.id,
    categoryId: category.id,
    name: 'Google Ads',
    amountCents: 600_000,
    months: SIX,
  });
  const session = await api.signIn(tenant.users.member.email);
  const read = await api.call(budgetRoutes.getBudgetItem, { BudgetItemId: created.id }, session.AccessToken);
  const planRead = await api.call(planRoutes.getMarketingPlan, { MarketingPlanId: plan.id }, session.AccessToken);
  const categories = await api.call(categoryRoutes.getBudgetCategories, {}, session.AccessToken);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const form = (item: BudgetItem) => (
    <QueryClientProvider client={queryClient}>
      <App>
        <BudgetItemForm item={item} plan={planRead} categories={categories} glCodes={[]} objectives={null} canEdit />
      </App>
    </QueryClientProvider>
  );
  render(form(read));
  await screen.findByLabelText('Amount for March 2026', {}, SLOW);
  const admin = (await login(api.server, tenant.users.admin.email)).AccessToken as string;
  const theirs = await api.call(
    budgetMonthRoutes.setMonth,
    {
      BudgetItemId: read.Id,
      Month: '2026-03',
      Amount: 1500,
      YearTotal: 6000,
      Version: read.Months?.find((month) => month.Month === '2026-03')?.Version ?? 1,
      Cells: (read.Months ?? []).map(({ Month, Version }) => ({ Month, Version })),
    },
    admin,
  );
  expect(theirs.Item.Version).toBe(read.Version);
  return { read, user: userEvent.setup() };
};

const mergeDialog = async () => (await screen.findByText(MERGE_TITLE, {}, SLOW)).closest('[role="dialog"]') as HTMLElement;

const stored = async (itemId: string) => ({
  name: (await api.server.ctx.db.select().from(budgetItems).where(eq(budgetItems.id, itemId)))[0]?.name,
  months: (
    await api.server.ctx.db
      .select()
      .from(budgetItemMonths)
      .where(eq(budgetItemMonths.budgetItemId, itemId))
      .orderBy(asc(budgetItemMonths.month))
  ).map((month) => [month.month.slice(0, 7), month.amountCents]),
});

const renameAndSave = async (user: ReturnType<typeof userEvent.setup>, name: string) => {
  const field = screen.getByLabelText('Name');
  await user.clear(field);
  await user.type(field, name);
  // After a save the button's loading icon stays in its name while antd's leave motion runs (happy-dom never ends it).
  await user.click(screen.getByRole('button', { name: /Save item$/ }));
};

const saveBodies = () => api.sent.filter((request) => request.path === '/api/BudgetItemClient/Save').map((request) => request.body);

describe('saving a budget item with its months after a colleague changed a month (keeping the year total)', () => {
  it(
    'sends the month versions it read and shows the merge dialog with my name beside theirs (their phasing, which I left alone, is no conflict); nothing is written before the choice',
    async () => {
      const { read, user } = await formThenColleagueKeepsTotal('Months merge');
      const before = await stored(read.Id);
      await renameAndSave(user, 'Search ads');

      const dialog = await mergeDialog();
      expect(within(dialog).getByText(/^Admin Months merge changed Google Ads, Mar 2026 at .+ while you were editing\.$/)).toBeTruthy();
      const name = within(dialog).getByText('Name', { selector: 'td' }).closest('tr') as HTMLElement;
      expect(within(name).getByText('Google Ads')).toBeTruthy();
      expect(within(name).getByText('Search ads')).toBeTruthy();
      expect(within(dialog).queryByText('Monthly phasing')).toBeNull();
      expect(saveBodies()[0]).toMatchObject({
        Version: read.Version,
        Cells: (read.Months ?? []).map(({ Month, Version }) => ({ Month, Version })),
      });
      expect(await stored(read.Id)).toEqual(before);
    },
    TEST_TIMEOUT,
  );

  it(
    'on “Keep theirs” refills the months with theirs and writes nothing; the next save goes from their versions',
    async () => {
      const { read, user } = await formThenColleagueKeepsTotal('Months keep');
      const theirs = await stored(read.Id);
      await renameAndSave(user, 'Search ads');
      const dialog = await mergeDialog();
      await user.click(within(dialog).getByRole('button', { name: 'Keep theirs' }));
      await screen.findByText('Kept their version of the budget item.', {}, SLOW);
      await waitFor(() => expect((screen.getByLabelText('Amount for March 2026') as HTMLInputElement).value).toMatch(/^1,?500(\.00)?$/));
      expect(await stored(read.Id)).toEqual(theirs);

      await renameAndSave(user, 'Search ads');
      await screen.findByText('Budget item saved.', {}, SLOW);
      expect(await stored(read.Id)).toEqual({ ...theirs, name: 'Search ads' });
    },
    TEST_TIMEOUT,
  );

  it(
    'on “Save mine over theirs” keeps their phasing, which I left alone, with the name only I changed',
    async () => {
      const { read, user } = await formThenColleagueKeepsTotal('Months mine');
      const theirs = await stored(read.Id);
      await renameAndSave(user, 'Search ads');
      const dialog = await mergeDialog();
      await user.click(within(dialog).getByRole('button', { name: 'Save mine over theirs' }));
      await screen.findByText('Budget item saved.', {}, SLOW);
      expect(await stored(read.Id)).toEqual({ ...theirs, name: 'Search ads' });
    },
    TEST_TIMEOUT,
  );

  it(
    'on “Save mine over theirs” saves the months I changed from their versions, theirs beside mine in the dialog',
    async () => {
      const { read, user } = await formThenColleagueKeepsTotal('Months both');
      // March $1,200 and April $800: the same year total, my own phasing.
      for (const [label, amount] of [
        ['Amount for March 2026', '1200'],
        ['Amount for April 2026', '800'],
      ] as const) {
        const cell = screen.getByLabelText(label);
        await user.clear(cell);
        await user.type(cell, amount);
      }
      await user.click(screen.getByRole('button', { name: /Save item$/ }));
      const dialog = await mergeDialog();
      const phasing = within(dialog).getByText('Monthly phasing').closest('tr') as HTMLElement;
      expect(within(phasing).getByText(/Mar 2026 \$1,500\.00/)).toBeTruthy();
      expect(within(phasing).getByText(/Mar 2026 \$1,200\.00/)).toBeTruthy();
      await user.click(within(dialog).getByRole('button', { name: 'Save mine over theirs' }));
      await screen.findByText('Budget item saved.', {}, SLOW);
      expect(await stored(read.Id)).toEqual({
        name: 'Google Ads',
        months: Object.entries({ ...SIX, '2026-03': 120_000, '2026-04': 80_000 }).map(([month, cents]) => [month, cents]),
      });
    },
    TEST_TIMEOUT,
  );
});

describe('saving a budget item in another currency after a colleague changed its amount', () => {
  it(
    'shows the amounts in the item’s own currency, not the base one: theirs €1,500.00 beside mine €1,250.00',
    async () => {
      const tenant = await createTenant(api.server, { name: 'Euro item merge' });
      const plan = await createPlan(api.server, tenant, { startDate: '2026-01-01', endDate: '2026-06-30' });
      await api.server.database.queryRows("UPDATE marketing_plans SET budget_rate_month = '2026-03-01' WHERE tenant_id = $1 AND id = $2", [
        tenant.id,
        plan.id,
      ]);
      await api.server.database.queryRows(
        "INSERT INTO fx_rates (tenant_id, currency, month, rate) VALUES ($1, 'EUR', '2026-03-01', '1.0825')",
        [tenant.id],
      );
      const category = await createCategory(api.server, tenant, { name: 'Events' });
      const created = await createItem(api.server, tenant, {
        planId: plan.id,
        categoryId: category.id,
        name: 'Trade fair',
        amountCents: 0,
        currency: 'EUR',
        amountMinor: 100_000,
      });
      const session = await api.signIn(tenant.users.member.email);
      const read = await api.call(budgetRoutes.getBudgetItem, { BudgetItemId: created.id }, session.AccessToken);
      const planRead = await api.call(planRoutes.getMarketingPlan, { MarketingPlanId: plan.id }, session.AccessToken);
      const categories = await api.call(categoryRoutes.getBudgetCategories, {}, session.AccessToken);
      render(
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <App>
            <BudgetItemForm item={read} plan={planRead} categories={categories} glCodes={[]} objectives={null} canEdit />
          </App>
        </QueryClientProvider>,
      );
      const admin = (await login(api.server, tenant.users.admin.email)).AccessToken as string;
      await api.call(
        budgetRoutes.save,
        {
          Id: read.Id,
          Version: read.Version,
          Name: read.Name,
          Amount: 1500,
          ItemType: read.ItemType,
          BudgetCategoryId: read.BudgetCategoryId,
          MarketingPlanId: read.MarketingPlanId,
        },
        admin,
      );

      const user = userEvent.setup();
      const amount = await screen.findByLabelText('Amount (EUR)', {}, SLOW);
      await user.clear(amount);
      await user.type(amount, '1250');
      await user.click(screen.getByRole('button', { name: /Save item$/ }));
      const dialog = await mergeDialog();
      const amountRow = within(dialog).getByText('Amount', { selector: 'td' }).closest('tr') as HTMLElement;
      expect(within(amountRow).getByText('€1,500.00')).toBeTruthy();
      expect(within(amountRow).getByText('€1,250.00')).toBeTruthy();
      expect(within(amountRow).queryByText('$1,500.00')).toBeNull();
    },
    TEST_TIMEOUT,
  );
});

describe('renaming a budget item in the grid after a colleague changed it', () => {
  // happy-dom lays nothing out: the grid's scroller gets the size a browser would give it, so that
  // the virtualiser draws its rows (as in month-grid-merge.test.tsx).
  const layout = (['clientWidth', 'clientHeight'] as const).map(
    (name) => [name, Object.getOwnPropertyDescriptor(HTMLElement.prototype, name)] as const,
  );
  beforeAll(() => {
    for (const [name, original] of layout) {
      Object.defineProperty(HTMLElement.prototype, name, {
        configurable: true,
        get(this: HTMLElement) {
          if (this.classList.contains('budget-grid-scroll')) return name === 'clientWidth' ? 1200 : 600;
          return original?.get?.call(this) ?? 0;
        },
      });
    }
  });
  afterAll(() => {
    for (const [name, original] of layout) if (original) Object.defineProperty(HTMLElement.prototype, name, original);
  });

  it(
    'on “Save mine over theirs” keeps the description only they changed with the name only I changed',
    async () => {
      const tenant = await createTenant(api.server, { name: 'Grid merge' });
      const plan = await createPlan(api.server, tenant, { startDate: '2026-01-01', endDate: '2026-06-30' });
      const category = await createCategory(api.server, tenant, { name: 'Paid media' });
      await createItem(api.server, tenant, {
        planId: plan.id,
        categoryId: category.id,
        name: 'Google Ads',
        amountCents: 600_000,
      });
      const session = await api.signIn(tenant.users.member.email);
      const items = await api.call(budgetRoutes.getBudgetItems, { MarketingPlanId: plan.id }, session.AccessToken);
      render(
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <MemoryRouter>
            <App>
              <BudgetGrid rows={buildRows(items)} totals={sumItems(items)} canEdit />
            </App>
          </MemoryRouter>
        </QueryClientProvider>,
      );
      const read = items[0] as BudgetItem;
      const admin = (await login(api.server, tenant.users.admin.email)).AccessToken as string;
      await api.call(
        budgetRoutes.save,
        {
          Id: read.Id,
          Version: read.Version,
          Name: read.Name,
          Description: 'Brand terms only',
          Amount: read.Amount,
          ItemType: read.ItemType,
          BudgetCategoryId: read.BudgetCategoryId,
          MarketingPlanId: read.MarketingPlanId,
        },
        admin,
      );

      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: /^Name of Google Ads/ }, SLOW));
      const input = screen.getByRole('textbox', { name: 'Name of Google Ads' });
      await user.clear(input);
      await user.type(input, 'Search ads{Enter}');
      const dialog = await mergeDialog();
      // Only my name differs from theirs; the description only they changed is no conflict.
      expect(within(dialog).queryByText('Description', { selector: 'td' })).toBeNull();
      await user.click(within(dialog).getByRole('button', { name: 'Save mine over theirs' }));
      await waitFor(async () => expect((await stored(read.Id)).name).toBe('Search ads'), SLOW);
      const [row] = await api.server.ctx.db.select().from(budgetItems).where(eq(budgetItems.id, read.Id));
      expect(row).toMatchObject({ name: 'Search ads', description: 'Brand terms only', version: read.Version + 2 });
    },
    TEST_TIMEOUT,
  );
});
