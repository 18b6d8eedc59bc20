// Budget changes that wait for approval after the baseline lock (issue 32 item 2, DESIGN.md §15), on
// the web with the real API: the server holds a Planner's big change as a request and answers 200 with
// the item unchanged; the grid says so (not "saved"), links to the request and keeps the figures.
import { approvalRoutes, baselineRoutes, budgetRoutes, categoryRoutes, planRoutes } from '@plansmith/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { eq } from 'drizzle-orm';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { budgetItems } from '../../../../../server/src/schema/budget.ts';
import { createTenant } from '../../../../../server/test/factories.ts';
import { createCategory, createItem, createPlan } from '../../../../../server/test/planning-factories.ts';
import { createTestClock } from '../../../../../server/test/test-app.ts';
import { SLOW, TEST_TIMEOUT } from '../../../test/merge-dialog.ts';
import { type RealApi, startRealApi } from '../../../test/real-api.ts';
import { buildRows, sumItems } from '../lib/budget-rows.ts';
import { BudgetGrid } from './budget-grid.tsx';
import { BudgetItemForm } from './budget-item-form.tsx';
import { BudgetReasonProvider } from './budget-reason.tsx';
import { MonthGrid } from './month-grid.tsx';

let api: RealApi;
// happy-dom lays nothing out: the grid's scroller gets the size a browser would give it, so that the
// virtualiser draws its rows (as in budget-item-form-merge.test.tsx).
const layout = (['clientWidth', 'clientHeight'] as const).map(
  (name) => [name, Object.getOwnPropertyDescriptor(HTMLElement.prototype, name)] as const,
);
beforeAll(async () => {
  for (const [name, original] of layout) {
    Object.defineProperty(HTMLElement.prototype, name, {
      configurable: true,
      get(this: HTMLElement) {
        if (this.classList.contains('budget-grid-scroll') || this.classList.contains('month-grid'))
          return name === 'clientWidth' ? 1200 : 600;
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

/** A tenant whose team's budget changes wait from `threshold` dollars after the lock, and a January–June plan. */
const lockedTeamPlan = async (name: string, threshold: number) => {
  const tenant = await createTenant(api.server, { name });
  const owner = await tenant.tokenFor('owner');
  const policy = await api.call(approvalRoutes.getPolicy, { TeamId: tenant.teamId }, owner);
  await api.call(
    approvalRoutes.savePolicy,
    { TeamId: tenant.teamId, ExpenseThreshold: null, BudgetChangeThreshold: threshold, Approvers: 'Leads', Version: policy.Version },
    owner,
  );
  const plan = await createPlan(api.server, tenant, { startDate: '2026-01-01', endDate: '2026-06-30' });
  const category = await createCategory(api.server, tenant, { name: 'Paid media' });
  return { tenant, owner, plan, category };
};

const reasonWhenAsked = async (user: ReturnType<typeof userEvent.setup>, reason: string) => {
  await user.type(await screen.findByRole('textbox', { name: 'Reason for the budget change' }, SLOW), reason);
  await user.click(screen.getByRole('button', { name: 'Save with this reason' }));
};

describe('a Planner’s budget change after the baseline lock, at or above the team’s threshold', () => {
  it(
    'typing a bigger amount in the grid shows “Waiting for approval” with a link to the request, no “saved”, and the figure stays',
    async () => {
      const tenant = await createTenant(api.server, { name: 'Grid waits' });
      const owner = await tenant.tokenFor('owner');
      const policy = await api.call(approvalRoutes.getPolicy, { TeamId: tenant.teamId }, owner);
      await api.call(
        approvalRoutes.savePolicy,
        { TeamId: tenant.teamId, ExpenseThreshold: null, BudgetChangeThreshold: 500, Approvers: 'Leads', Version: policy.Version },
        owner,
      );
      const plan = await createPlan(api.server, tenant, { startDate: '2026-01-01', endDate: '2026-06-30' });
      const category = await createCategory(api.server, tenant, { name: 'Paid media' });
      const item = await createItem(api.server, tenant, {
        planId: plan.id,
        categoryId: category.id,
        name: 'Google Ads',
        amountCents: 600_000,
      });
      await api.call(baselineRoutes.lockBaseline, { MarketingPlanId: plan.id }, owner);
      const session = await api.signIn(tenant.users.member.email);
      const items = await api.call(budgetRoutes.getBudgetItems, { MarketingPlanId: plan.id }, session.AccessToken);
      render(
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <MemoryRouter>
            <App>
              <BudgetReasonProvider>
                <BudgetGrid rows={buildRows(items)} totals={sumItems(items)} canEdit />
              </BudgetReasonProvider>
            </App>
          </MemoryRouter>
        </QueryClientProvider>,
      );

      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: /^Amount of Google Ads/ }, SLOW));
      const input = screen.getByRole('textbox', { name: 'Amount of Google Ads' });
      await user.clear(input);
      await user.type(input, '6500{Enter}');
      // After the lock the change asks why first (DESIGN.md §14).
      const why = await screen.findByRole('textbox', { name: 'Reason for the budget change' }, SLOW);
      await user.type(why, 'Spring campaign');
      await user.click(screen.getByRole('button', { name: 'Save with this reason' }));

      const notice = (await screen.findByText(/^Waiting for approval: /, {}, SLOW)).closest('[role="status"]') as HTMLElement;
      const [request] = await api.call(approvalRoutes.list, { Status: 'Pending' }, owner);
      expect(request).toMatchObject({ Kind: 'BudgetChange', Change: { BudgetBefore: 6000, BudgetAfter: 6500, Reason: 'Spring campaign' } });
      expect(within(notice).getByRole('link', { name: 'Open the request' }).getAttribute('href')).toBe(`/approvals?request=${request?.Id}`);
      expect(screen.queryByText(/saved/i)).toBeNull();
      // The grid shows the budget as it still is: nothing applies until an approver approves it.
      await waitFor(() => expect(screen.getByRole('button', { name: /^Amount of Google Ads/ }).textContent).toContain('$6,000.00'), SLOW);
      expect(screen.queryByText('$6,500.00')).toBeNull();
      const [row] = await api.server.ctx.db.select().from(budgetItems).where(eq(budgetItems.id, item.id));
      expect(row?.amountCents).toBe(600_000);
    },
    TEST_TIMEOUT,
  );

  const MONTHLY = (cents: number) => Object.fromEntries(['01', '02', '03', '04', '05', '06'].map((month) => [`2026-${month}`, cents]));

  /** Google Ads ($1,000.00 a month) and Webinars ($50.00 a month), locked, in their Planner's month grid. */
  const monthGridOfLockedPlan = async (name: string) => {
    const { tenant, owner, plan, category } = await lockedTeamPlan(name, 100);
    const ads = await createItem(api.server, tenant, {
      planId: plan.id,
      categoryId: category.id,
      name: 'Google Ads',
      amountCents: 600_000,
      months: MONTHLY(100_000),
    });
    const webinars = await createItem(api.server, tenant, {
      planId: plan.id,
      categoryId: category.id,
      name: 'Webinars',
      amountCents: 30_000,
      months: MONTHLY(5_000),
    });
    await api.call(baselineRoutes.lockBaseline, { MarketingPlanId: plan.id }, owner);
    const session = await api.signIn(tenant.users.member.email);
    const items = await api.call(budgetRoutes.getBudgetItems, { MarketingPlanId: plan.id }, session.AccessToken);
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <App>
          <BudgetReasonProvider>
            <MonthGrid planId={plan.id} startDate={plan.startDate} endDate={plan.endDate} rows={buildRows(items)} view="Months" canEdit />
          </BudgetReasonProvider>
        </App>
      </QueryClientProvider>,
    );
    await screen.findByLabelText(/^Google Ads, Mar 2026: \$1,000\.00/, undefined, { timeout: 20_000 });
    return { owner, ads, webinars, user: userEvent.setup() };
  };
  const cell = (label: string) => screen.findByLabelText(new RegExp(`^${label}: `));

  it(
    'typing a month in the month grid: the waiting notice links to the request and the cell keeps its amount',
    async () => {
      const { owner, ads, user } = await monthGridOfLockedPlan('Month waits');
      await user.click(await cell('Google Ads, Mar 2026'));
      await user.keyboard('1500{Enter}');
      await reasonWhenAsked(user, 'Launch push');

      const notice = (await screen.findByText(/^Waiting for approval: /, {}, SLOW)).closest('[role="status"]') as HTMLElement;
      const [request] = await api.call(approvalRoutes.list, { Status: 'Pending' }, owner);
      expect(request?.Change?.Months).toEqual([{ Month: '2026-03', Before: 1000, After: 1500 }]);
      expect(within(notice).getByRole('link', { name: 'Open the request' }).getAttribute('href')).toBe(`/approvals?request=${request?.Id}`);
      expect(screen.queryByText(/Press Ctrl\+Z to undo/)).toBeNull();
      expect((await cell('Google Ads, Mar 2026')).textContent).toBe('$1,000.00');
      const [row] = await api.server.ctx.db.select().from(budgetItems).where(eq(budgetItems.id, ads.id));
      expect(row?.amountCents).toBe(600_000);
    },
    TEST_TIMEOUT,
  );

  it(
    'a pasted block of which one item waits says how many were saved and how many wait; only the saved one moves',
    async () => {
      const { user } = await monthGridOfLockedPlan('Paste waits');
      await user.click(await cell('Google Ads, Mar 2026'));
      // Mar and Apr of Google Ads (+$200.00: waits) and of Webinars below it (+$10.00: saved).
      fireEvent.paste(document.activeElement as HTMLElement, { clipboardData: { getData: () => '1000\t1200\n60\t50' } });
      await reasonWhenAsked(user, 'Spring plan');

      const notice = (await screen.findByText(/1 item saved, 1 item waiting for approval/, {}, SLOW)).closest(
        '[role="status"]',
      ) as HTMLElement;
      expect(within(notice).getByRole('link', { name: 'Open the request' }).getAttribute('href')).toMatch(/^\/approvals\?request=/);
      await waitFor(async () => expect((await cell('Webinars, Mar 2026')).textContent).toBe('$60.00'), SLOW);
      expect((await cell('Google Ads, Apr 2026')).textContent).toBe('$1,000.00');
    },
    TEST_TIMEOUT,
  );

  it(
    'saving the item form with a bigger amount says it waits (not “Budget item saved.”) and the form shows the amount as it is',
    async () => {
      const { tenant, owner, plan, category } = await lockedTeamPlan('Form waits', 500);
      const created = await createItem(api.server, tenant, {
        planId: plan.id,
        categoryId: category.id,
        name: 'Google Ads',
        amountCents: 600_000,
      });
      await api.call(baselineRoutes.lockBaseline, { MarketingPlanId: plan.id }, owner);
      const session = await api.signIn(tenant.users.member.email);
      const read = await api.call(budgetRoutes.getBudgetItem, { BudgetItemId: created.id }, session.AccessToken);
      const planRead = await api.call(planRoutes.getMarketingPlan, { MarketingPlanId: plan.id }, session.AccessToken);
      const categories = await api.call(categoryRoutes.getBudgetCategories, {}, session.AccessToken);
      render(
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <App>
            <BudgetReasonProvider>
              <BudgetItemForm item={read} plan={planRead} categories={categories} glCodes={[]} objectives={null} canEdit />
            </BudgetReasonProvider>
          </App>
        </QueryClientProvider>,
      );
      const user = userEvent.setup();
      const amount = await screen.findByLabelText('Amount (USD)', {}, SLOW);
      await user.clear(amount);
      await user.type(amount, '6500');
      await user.click(screen.getByRole('button', { name: /Save item$/ }));
      await reasonWhenAsked(user, 'Bigger booth');

      const notice = (await screen.findByText(/^Waiting for approval: /, {}, SLOW)).closest('[role="status"]') as HTMLElement;
      const [request] = await api.call(approvalRoutes.list, { Status: 'Pending' }, owner);
      expect(within(notice).getByRole('link', { name: 'Open the request' }).getAttribute('href')).toBe(`/approvals?request=${request?.Id}`);
      await waitFor(() => expect((screen.getByLabelText('Amount (USD)') as HTMLInputElement).value).toMatch(/^6,?000(\.00)?$/), SLOW);
      expect(screen.queryByText('Budget item saved.')).toBeNull();
      const [row] = await api.server.ctx.db.select().from(budgetItems).where(eq(budgetItems.id, created.id));
      expect(row?.amountCents).toBe(600_000);
    },
    TEST_TIMEOUT,
  );
});
