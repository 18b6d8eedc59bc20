// Budget change requests in the /approvals queue with the real API (issue 32, DESIGN.md §15): after
// the baseline lock a Planner's big budget change waits; the Lead's drawer shows what changes (the
// budget and each month before → after, the reason, available before/after) and approving applies it.
import { approvalRoutes, baselineRoutes, budgetRoutes } from '@plansmith/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTenant } from '../../../../../server/test/factories.ts';
import { createCategory, createItem, createPlan } from '../../../../../server/test/planning-factories.ts';
import { createTestClock } from '../../../../../server/test/test-app.ts';
import { SLOW, TEST_TIMEOUT } from '../../../test/merge-dialog.ts';
import { type RealApi, startRealApi } from '../../../test/real-api.ts';
import { ApprovalsQueue } from './approvals-queue.tsx';

let api: RealApi;
beforeAll(async () => {
  api = await startRealApi({ clock: createTestClock(new Date('2026-02-10T12:00:00Z')) });
});
afterEach(() => api.reset());
afterAll(() => api.close());

/** A locked 2026 plan whose team's budget changes wait from $100.00, with a phased item (Mar $1,000.00, Apr $200.00). */
const plannerMonthsRequest = async () => {
  const tenant = await createTenant(api.server, { name: 'Budget change queue' });
  const owner = await tenant.tokenFor('owner');
  const policy = await api.call(approvalRoutes.getPolicy, { TeamId: tenant.teamId }, owner);
  await api.call(
    approvalRoutes.savePolicy,
    { TeamId: tenant.teamId, ExpenseThreshold: null, BudgetChangeThreshold: 100, Approvers: 'Leads', Version: policy.Version },
    owner,
  );
  const plan = await createPlan(api.server, tenant);
  const category = await createCategory(api.server, tenant, { name: 'Paid media' });
  const item = await createItem(api.server, tenant, {
    planId: plan.id,
    categoryId: category.id,
    name: 'Search ads',
    amountCents: 120_000,
    months: { '2026-03': 100_000, '2026-04': 20_000 },
  });
  await api.call(baselineRoutes.lockBaseline, { MarketingPlanId: plan.id }, owner);
  const planner = await tenant.tokenFor('member');
  const read = await api.call(budgetRoutes.getBudgetItem, { BudgetItemId: item.id }, planner);
  const held = await api.call(
    budgetRoutes.save,
    {
      Id: read.Id,
      Version: read.Version,
      Cells: (read.Months ?? []).map(({ Month, Version }) => ({ Month, Version })),
      Name: read.Name,
      Amount: 1750.01,
      ItemType: read.ItemType,
      BudgetCategoryId: read.BudgetCategoryId,
      MarketingPlanId: read.MarketingPlanId,
      Months: [
        { Month: '2026-03', Amount: 1000 },
        { Month: '2026-04', Amount: 450 },
        { Month: '2026-05', Amount: 300.01 },
      ],
      Reason: 'May webinar series',
    },
    planner,
  );
  return { tenant, owner, item, held };
};

describe('a budget change request in the /approvals queue', () => {
  it(
    'its drawer shows the budget and each month before → after, the reason and available; approving it applies the months',
    async () => {
      const { tenant, owner, item, held } = await plannerMonthsRequest();
      const requestId = held.WaitingForApproval?.RequestId ?? '';
      expect(requestId).not.toBe('');
      await api.signIn(tenant.users.owner.email);
      const user = userEvent.setup();
      render(
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <App>
            <MemoryRouter initialEntries={[`/approvals?request=${requestId}`]}>
              <ApprovalsQueue isAdmin />
            </MemoryRouter>
          </App>
        </QueryClientProvider>,
      );

      // The queue's row says what changes and why.
      await screen.findByText('Budget $1,200.00 → $1,750.01 · Reason: May webinar series', {}, SLOW);
      const drawer = await screen.findByRole('dialog', {}, SLOW);
      const field = (label: string) => {
        const cell = within(drawer).getByText(label, { selector: '.ant-descriptions-item-label span' });
        return cell.closest('tr')?.textContent ?? '';
      };
      await within(drawer).findByRole('table', { name: 'Months before and after' }, SLOW);
      expect(field('Budget')).toContain('$1,200.00 → $1,750.01');
      expect(field('Reason')).toContain('May webinar series');
      expect(field('Available before')).toContain('$1,200.00');
      expect(field('Available after')).toContain('$1,750.01');
      const months = within(drawer).getByRole('table', { name: 'Months before and after' });
      const monthRow = (name: string) =>
        [...(within(months).getByText(name).closest('tr')?.querySelectorAll('td') ?? [])].map((td) => td.textContent);
      expect(monthRow('Apr 2026')).toEqual(['Apr 2026', '$200.00', '$450.00']);
      expect(monthRow('May 2026')).toEqual(['May 2026', '$0.00', '$300.01']);
      expect(within(months).queryByText('Mar 2026')).toBeNull();

      await user.click(within(drawer).getByRole('button', { name: 'Approve' }));
      const confirm = (await screen.findByText('The budget change applies to the item.', {}, SLOW)).closest(
        '[role="dialog"]',
      ) as HTMLElement;
      await user.click(within(confirm).getByRole('button', { name: 'Approve' }));

      await waitFor(async () => {
        const after = await api.call(budgetRoutes.getBudgetItem, { BudgetItemId: item.id }, owner);
        expect(after.Amount).toBe(1750.01);
        expect((after.Months ?? []).map(({ Month, Amount }) => [Month, Amount])).toEqual([
          ['2026-03', 1000],
          ['2026-04', 450],
          ['2026-05', 300.01],
        ]);
      }, SLOW);
      const [request] = await api.call(approvalRoutes.list, {}, owner);
      expect(request).toMatchObject({ Id: requestId, Status: 'Approved' });
    },
    TEST_TIMEOUT,
  );
});
