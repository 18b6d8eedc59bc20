// Approvals on the web with the real API (issue 32, DESIGN.md §15): the /approvals queue (a
// Planner's request waits for the Lead; approve, reject with a required note, bulk approve with one
// confirmation) and the team's approval policy form (save, a colleague's save meanwhile → merge).
import { approvalRoutes, EMPTY_ID, expenseRoutes, teamRoutes } from '@plansmith/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTenant } from '../../../../../server/test/factories.ts';
import { createPlanWithItem } from '../../../../../server/test/planning-factories.ts';
import { findMergeDialog, mergeRow, SLOW, TEST_TIMEOUT } from '../../../test/merge-dialog.ts';
import { type RealApi, startRealApi } from '../../../test/real-api.ts';
import { ApprovalPolicyCard } from './approval-policy-card.tsx';
import { ApprovalsQueue } from './approvals-queue.tsx';

let api: RealApi;
beforeAll(async () => {
  api = await startRealApi();
});
afterEach(() => api.reset());
afterAll(() => api.close());

const wrap = (children: React.ReactNode, at = '/approvals') => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
    <App>
      <MemoryRouter initialEntries={[at]}>{children}</MemoryRouter>
    </App>
  </QueryClientProvider>
);

/** A tenant whose team's expenses wait from $1,000.00, and a Planner's Committed expenses of `amounts`. */
const plannerRequests = async (name: string, amounts: number[]) => {
  const tenant = await createTenant(api.server, { name });
  const owner = await tenant.tokenFor('owner');
  const policy = await api.call(approvalRoutes.getPolicy, { TeamId: tenant.teamId }, owner);
  await api.call(
    approvalRoutes.savePolicy,
    { TeamId: tenant.teamId, ExpenseThreshold: 1000, BudgetChangeThreshold: null, Approvers: 'Leads', Version: policy.Version },
    owner,
  );
  const { plan, item } = await createPlanWithItem(api.server, tenant);
  const planner = await tenant.tokenFor('member');
  const expenses = [];
  for (const [index, amount] of amounts.entries()) {
    expenses.push(
      await api.call(
        expenseRoutes.saveExpense,
        {
          Id: EMPTY_ID,
          MarketingPlanId: plan.id,
          BudgetItemId: item.id,
          Name: `Trade fair ${index + 1}`,
          PurchaseDate: '2026-03-10',
          Amount: amount,
          Status: 2,
          CategoryType: 1,
        },
        planner,
      ),
    );
  }
  return { tenant, expenses, owner };
};

const expenseOf = (id: string, token: string) => api.call(expenseRoutes.getExpense, { ExpenseId: id }, token);

describe('the /approvals queue', () => {
  it(
    'lists a Planner’s request under Waiting for me for the Lead; approving it (one confirmation) moves it out and commits the expense',
    async () => {
      const { tenant, expenses, owner } = await plannerRequests('Queue approve', [1000]);
      expect(expenses[0]?.Approval).toBe('Pending');
      await api.signIn(tenant.users.owner.email);
      const user = userEvent.setup();
      render(wrap(<ApprovalsQueue isAdmin />));

      const row = (await screen.findByText('Trade fair 1', {}, SLOW)).closest('tr') as HTMLElement;
      expect(within(row).getByText('$1,000.00')).toBeTruthy();
      await user.click(within(row).getByRole('button', { name: 'Approve' }));
      const confirm = await screen.findByRole('dialog', {}, SLOW);
      expect(within(confirm).getAllByText('Approve “Trade fair 1”?').length).toBeGreaterThan(0);
      await user.click(within(confirm).getByRole('button', { name: 'Approve' }));

      await screen.findByText('Nothing waits for your decision.', {}, SLOW);
      const expense = await expenseOf(expenses[0]?.Id ?? '', owner);
      expect(expense).toMatchObject({ Status: 2, Approval: 'Approved' });
    },
    TEST_TIMEOUT,
  );

  it(
    'rejects only with a note: Reject stays disabled until one is typed, then the expense is Planned with it',
    async () => {
      const { tenant, expenses, owner } = await plannerRequests('Queue reject', [1500]);
      await api.signIn(tenant.users.owner.email);
      const user = userEvent.setup();
      render(wrap(<ApprovalsQueue isAdmin />));

      const row = (await screen.findByText('Trade fair 1', {}, SLOW)).closest('tr') as HTMLElement;
      await user.click(within(row).getByRole('button', { name: 'Reject' }));
      const dialog = (await screen.findByText('Reject “Trade fair 1” ($1,500.00)', {}, SLOW)).closest('[role="dialog"]') as HTMLElement;
      const reject = within(dialog).getByRole('button', { name: 'Reject' });
      expect(reject.hasAttribute('disabled')).toBe(true);
      await user.type(within(dialog).getByLabelText('Why (required)'), '   ');
      expect(reject.hasAttribute('disabled')).toBe(true);
      await user.type(within(dialog).getByLabelText('Why (required)'), 'Over the quarter’s cap');
      await user.click(within(dialog).getByRole('button', { name: 'Reject' }));

      await screen.findByText('Nothing waits for your decision.', {}, SLOW);
      const expense = await expenseOf(expenses[0]?.Id ?? '', owner);
      expect(expense).toMatchObject({ Status: 1, Approval: 'Rejected', ApprovalNote: 'Over the quarter’s cap' });
    },
    TEST_TIMEOUT,
  );

  it(
    'approves the selected requests after one confirmation naming their count and total',
    async () => {
      const { tenant, expenses, owner } = await plannerRequests('Queue bulk', [1000, 2000.01, 19.99 + 1000]);
      await api.signIn(tenant.users.owner.email);
      const user = userEvent.setup();
      render(wrap(<ApprovalsQueue isAdmin />));

      await screen.findByText('Trade fair 3', {}, SLOW);
      // The table draws its header twice (a fixed copy for the horizontal scroll): either box selects all.
      await user.click(screen.getAllByLabelText('Select every request')[0] as HTMLElement);
      await user.click(screen.getByRole('button', { name: 'Approve selected (3)' }));
      const confirms = await screen.findAllByRole('dialog', {}, SLOW);
      expect(confirms).toHaveLength(1);
      const confirm = confirms[0] as HTMLElement;
      expect(within(confirm).getAllByText('Approve 3 requests?').length).toBeGreaterThan(0);
      expect(within(confirm).getByText(/^\$4,020\.00 becomes Committed/)).toBeTruthy();
      await user.click(within(confirm).getByRole('button', { name: 'Approve' }));

      await screen.findByText('Nothing waits for your decision.', {}, SLOW);
      for (const saved of expenses) {
        expect(await expenseOf(saved.Id, owner)).toMatchObject({ Status: 2, Approval: 'Approved' });
      }
    },
    TEST_TIMEOUT,
  );
});

describe('the request drawer of a mail’s link (/approvals?request=<id>)', () => {
  const drawerOf = async () => (await screen.findByText('Available before', {}, SLOW)).closest('[role="dialog"]') as HTMLElement;

  it(
    'approving from the linked request’s drawer (one confirmation) closes the drawer and leaves the queue’s buttons free',
    async () => {
      const { tenant, expenses, owner } = await plannerRequests('Drawer approve', [1000, 1200]);
      // By name: the two requests may carry the same time, so the list's order does not tell them apart.
      const linked = (await api.call(approvalRoutes.list, { Status: 'Pending' }, owner)).find((r) => r.What === 'Trade fair 1');
      await api.signIn(tenant.users.owner.email);
      const user = userEvent.setup();
      render(wrap(<ApprovalsQueue isAdmin />, `/approvals?request=${linked?.Id}`));

      const drawer = await drawerOf();
      expect(within(drawer).getAllByText('Trade fair 1').length).toBeGreaterThan(0);
      await user.click(within(drawer).getByRole('button', { name: 'Approve' }));
      const confirm = (await screen.findAllByText('Approve “Trade fair 1”?', {}, SLOW))[0]?.closest('[role="dialog"]') as HTMLElement;
      await user.click(within(confirm).getByRole('button', { name: 'Approve' }));

      await waitFor(() => expect(screen.queryByText('Trade fair 1')).toBeNull(), SLOW);
      expect(screen.queryByText('Available before')).toBeNull();
      expect(await expenseOf(expenses[0]?.Id ?? '', owner)).toMatchObject({ Status: 2, Approval: 'Approved' });
      expect(screen.getByText('Trade fair 2').closest('tr')).toBeTruthy();
    },
    TEST_TIMEOUT,
  );

  it(
    'the decision mail’s link opens the requester’s own rejected request, with its note, though it waits for nobody',
    async () => {
      const { tenant, owner } = await plannerRequests('Drawer requester', [1500]);
      const [request] = await api.call(approvalRoutes.list, { Status: 'Pending' }, owner);
      if (!request) throw new Error('no request');
      await api.call(approvalRoutes.reject, { RequestId: request.Id, Version: request.Version, Note: 'Over the fair budget' }, owner);
      await api.signIn(tenant.users.member.email);
      render(wrap(<ApprovalsQueue isAdmin={false} />, `/approvals?request=${request.Id}`));

      const drawer = await drawerOf();
      expect(within(drawer).getAllByText('Trade fair 1').length).toBeGreaterThan(0);
      expect(within(drawer).getByText('Rejected')).toBeTruthy();
      expect(within(drawer).getByText('Over the fair budget')).toBeTruthy();
      expect(within(drawer).queryByRole('button', { name: 'Approve' })).toBeNull();
    },
    TEST_TIMEOUT,
  );
});

describe('the team’s approval policy form', () => {
  const openForm = async (name: string) => {
    const tenant = await createTenant(api.server, { name });
    const session = await api.signIn(tenant.users.owner.email);
    const [team] = (await api.call(teamRoutes.listView, {}, session.AccessToken)).filter((t) => t.Id === tenant.teamId);
    if (!team) throw new Error('the tenant’s team is missing');
    const user = userEvent.setup();
    render(wrap(<ApprovalPolicyCard team={team} canEdit />));
    await screen.findByLabelText('Expense threshold', {}, SLOW);
    return { tenant, user, token: session.AccessToken };
  };

  it(
    'saves the thresholds and named approvers with the policy’s Version, and says the server’s words for a negative threshold',
    async () => {
      const { tenant, user, token } = await openForm('Policy save');
      await user.type(screen.getByLabelText('Expense threshold'), '-1');
      await user.click(screen.getByRole('button', { name: 'Save policy' }));
      expect(await screen.findByText('A threshold cannot be negative.', {}, SLOW)).toBeTruthy();

      await user.clear(screen.getByLabelText('Expense threshold'));
      await user.type(screen.getByLabelText('Expense threshold'), '1000');
      await user.type(screen.getByLabelText('Budget change threshold'), '19.99');
      await user.click(screen.getByLabelText('Named people'));
      await user.click(screen.getByRole('button', { name: 'Save policy' }));
      expect(await screen.findByText('Name at least one approver, or choose the team’s Leads.', {}, SLOW)).toBeTruthy();

      await user.click(screen.getByLabelText('Named approvers'));
      await user.click(await screen.findByTitle(/^Member /, {}, SLOW));
      await user.click(screen.getByRole('button', { name: 'Save policy' }));
      await waitFor(async () => {
        const saved = await api.call(approvalRoutes.getPolicy, { TeamId: tenant.teamId }, token);
        expect(saved).toMatchObject({ ExpenseThreshold: 1000, BudgetChangeThreshold: 19.99, Approvers: [tenant.users.member.id] });
      }, SLOW);
    },
    TEST_TIMEOUT,
  );

  it(
    'on a colleague’s save meanwhile shows theirs beside mine; “Save mine over theirs” saves mine from their Version',
    async () => {
      const { tenant, user, token } = await openForm('Policy merge');
      const read = await api.call(approvalRoutes.getPolicy, { TeamId: tenant.teamId }, token);
      const admin = await tenant.tokenFor('admin');
      await api.call(
        approvalRoutes.savePolicy,
        { TeamId: tenant.teamId, ExpenseThreshold: 5000, BudgetChangeThreshold: null, Approvers: 'Leads', Version: read.Version },
        admin,
      );

      await user.type(screen.getByLabelText('Expense threshold'), '2500');
      await user.click(screen.getByRole('button', { name: 'Save policy' }));
      const dialog = await findMergeDialog();
      expect(mergeRow(dialog, 'Expense threshold')).toEqual({ theirs: 'From $5,000.00', mine: 'From $2,500.00' });
      await user.click(within(dialog).getByRole('button', { name: 'Save mine over theirs' }));

      await waitFor(async () => {
        const saved = await api.call(approvalRoutes.getPolicy, { TeamId: tenant.teamId }, token);
        expect(saved).toMatchObject({ ExpenseThreshold: 2500, Version: read.Version + 2 });
      }, SLOW);
    },
    TEST_TIMEOUT,
  );
});
