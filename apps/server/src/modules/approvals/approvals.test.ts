// Approvals (issue 32, DESIGN.md §15) through the real app on PGlite: the policy, which saves wait as
// requests (at the threshold, a cent below, 19.99; approver or not), the money figures with requests
// beside and never inside Committed and Actual, decisions, who sees what, and the mail.
import { EMPTY_ID } from '@plansmith/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, login, TEST_PASSWORD, type TestTenant } from '../../../test/factories.ts';
import { base64, COMMIT } from '../../../test/imports-fixture.ts';
import { mailSince, outboxMark, recipientsOf } from '../../../test/outbox.ts';
import { createPlanWithItem } from '../../../test/planning-factories.ts';
import { snapshotTenant } from '../../../test/tenant-snapshot.ts';
import { createTestApp, createTestClock, type TestApp } from '../../../test/test-app.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { newId } from '../../lib/ids.ts';
import { activities } from '../../schema/activities.ts';
import { approvalRequests } from '../../schema/approvals.ts';
import { teamMembers } from '../../schema/teams.ts';
import { users } from '../../schema/tenants.ts';

const SAVE = '/api/ExpenseClient/Save';
const GET_POLICY = '/api/ApprovalClient/GetPolicy';
const SAVE_POLICY = '/api/ApprovalClient/SavePolicy';
const LIST = '/api/ApprovalClient/List';
const COUNT = '/api/ApprovalClient/GetCount';
const APPROVE = '/api/ApprovalClient/Approve';
const REJECT = '/api/ApprovalClient/Reject';

const clock = createTestClock(new Date('2026-06-15T12:00:00Z'));
let t: TestApp;
let acme: TestTenant;
let other: TestTenant;
/** A tenant Member who leads acme's team (the Owner and Admin lead it too, but decide as Admins anyway). */
let lead: { id: string; email: string; token: string };

const addMember = async (tenant: TestTenant, label: string, teamRoleId: 1 | 2 | 3) => {
  const id = newId();
  const email = `${label}-${id.slice(0, 8)}@example.test`;
  await t.ctx.db.insert(users).values({
    tenantId: tenant.id,
    id,
    email,
    passwordHash: await hashPassword(TEST_PASSWORD),
    firstName: label[0]?.toUpperCase() + label.slice(1),
    lastName: tenant.name,
    tenantRole: 'member',
  });
  await t.ctx.db.insert(teamMembers).values({ tenantId: tenant.id, teamId: tenant.teamId, userId: id, teamRoleId });
  return { id, email, token: (await login(t, email)).AccessToken };
};

beforeAll(async () => {
  t = await createTestApp({ clock });
  acme = await createTenant(t, { name: 'Acme' });
  other = await createTenant(t, { name: 'Other' });
  lead = await addMember(acme, 'lead', 1);
});
afterAll(async () => t.close());

const policyOf = async (teamId = acme.teamId) => (await t.post(GET_POLICY, { TeamId: teamId }, await acme.tokenFor('owner'))).body.Result;

const setPolicy = async (values: { ExpenseThreshold?: number | null; BudgetChangeThreshold?: number | null; Approvers?: unknown }) => {
  const current = await policyOf();
  const saved = await t.post(
    SAVE_POLICY,
    {
      TeamId: acme.teamId,
      ExpenseThreshold: current.ExpenseThreshold,
      BudgetChangeThreshold: current.BudgetChangeThreshold,
      Approvers: current.Approvers,
      ...values,
      Version: current.Version,
    },
    lead.token,
  );
  expect(saved.status, saved.text).toBe(200);
  return saved.body.Result;
};

const expenseBody = (planId: string, itemId: string, overrides: Record<string, unknown> = {}) => ({
  Id: EMPTY_ID,
  MarketingPlanId: planId,
  BudgetItemId: itemId,
  Name: 'Trade fair stand',
  PurchaseDate: '2026-03-10',
  Amount: 5000,
  Status: 2,
  CategoryType: 1,
  ...overrides,
});

const save = async (token: string, body: Record<string, unknown>) => {
  const response = await t.post(SAVE, body, token);
  expect(response.status, response.text).toBe(200);
  return response.body.Result;
};

const pendingRequestOf = async (expenseId: string) => {
  const [row] = await t.ctx.db
    .select()
    .from(approvalRequests)
    .where(and(eq(approvalRequests.expenseId, expenseId), eq(approvalRequests.status, 1)));
  return row ?? null;
};

describe('the policy (ApprovalClient/GetPolicy, SavePolicy)', () => {
  it('starts off with the Leads deciding, and only the Lead, an Admin or the Owner change it, with the version read', async () => {
    const start = await policyOf();
    expect(start).toMatchObject({
      TeamId: acme.teamId,
      ExpenseThreshold: null,
      BudgetChangeThreshold: null,
      Approvers: 'Leads',
      Version: 1,
    });
    expect(start.ApproverPeople.map((person: { Id: string }) => person.Id)).toEqual(
      expect.arrayContaining([lead.id, acme.users.owner.id, acme.users.admin.id]),
    );
    const body = { TeamId: acme.teamId, ExpenseThreshold: 5000, BudgetChangeThreshold: null, Approvers: 'Leads', Version: 1 };
    const planner = await t.post(SAVE_POLICY, body, await acme.tokenFor('member'));
    expect(planner.status, planner.text).toBe(403);
    const viewer = await t.post(SAVE_POLICY, body, await acme.tokenFor('viewer'));
    expect(viewer.status).toBe(403);
    const outsider = await t.post(SAVE_POLICY, body, await acme.tokenFor('outsider'));
    expect(outsider.status).toBe(404);

    const saved = await t.post(SAVE_POLICY, body, lead.token);
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.Result).toMatchObject({ ExpenseThreshold: 5000, Version: 2 });
    const stale = await t.post(SAVE_POLICY, { ...body, ExpenseThreshold: 1 }, await acme.tokenFor('admin'));
    expect(stale.status).toBe(409);
    expect(stale.body.Message).toMatch(/^Lead Acme changed this team’s approval policy at .+ while you were editing\.$/);
    expect(stale.body.Result.ExpenseThreshold).toBe(5000);
    await setPolicy({ ExpenseThreshold: null });
  });

  it('names only active people of the tenant who see the team and may decide in it (400 otherwise)', async () => {
    const current = await policyOf();
    const body = (approvers: unknown) => ({
      TeamId: acme.teamId,
      ExpenseThreshold: null,
      BudgetChangeThreshold: null,
      Approvers: approvers,
      Version: current.Version,
    });
    const outsider = await t.post(SAVE_POLICY, body([acme.users.outsider.id]), lead.token);
    expect(outsider.status).toBe(400);
    expect(outsider.body.Message).toMatch(/is not in this team/);
    const viewer = await t.post(SAVE_POLICY, body([acme.users.viewer.id]), lead.token);
    expect(viewer.status).toBe(400);
    expect(viewer.body.Message).toMatch(/Viewer/);
    const foreign = await t.post(SAVE_POLICY, body([other.users.owner.id]), lead.token);
    expect(foreign.status).toBe(400);
    const empty = await t.post(SAVE_POLICY, body([]), lead.token);
    expect(empty.status).toBe(400);
    expect((await policyOf()).Version).toBe(current.Version);
    // An Admin outside the team's memberships sees every team, so may be named.
    const named = await t.post(SAVE_POLICY, body([acme.users.member.id, acme.users.admin.id]), lead.token);
    expect(named.status, named.text).toBe(200);
    expect(named.body.Result.Approvers).toEqual([acme.users.member.id, acme.users.admin.id]);
    await setPolicy({ Approvers: 'Leads' });
  });

  it("another tenant's team is 404 and nothing of it changes", async () => {
    const before = await snapshotTenant(t.database, acme.id);
    const owner = await other.tokenFor('owner');
    expect((await t.post(GET_POLICY, { TeamId: acme.teamId }, owner)).status).toBe(404);
    const body = { TeamId: acme.teamId, ExpenseThreshold: 1, BudgetChangeThreshold: null, Approvers: 'Leads', Version: 1 };
    expect((await t.post(SAVE_POLICY, body, owner)).status).toBe(404);
    expect(await snapshotTenant(t.database, acme.id)).toEqual(before);
  });
});

describe('which saves wait as requests', () => {
  it('Committed or Actual at the threshold waits, a cent below does not, Planned never; a Lead’s own save never waits', async () => {
    await setPolicy({ ExpenseThreshold: 5000 });
    const { plan, item } = await createPlanWithItem(t, acme);
    const planner = await acme.tokenFor('member');
    const atThreshold = await save(planner, expenseBody(plan.id, item.id, { Amount: 5000 }));
    expect(atThreshold).toMatchObject({ Approval: 'Pending', Status: 2 });
    const below = await save(planner, expenseBody(plan.id, item.id, { Amount: 4999.99 }));
    expect(below.Approval).toBeNull();
    const actual = await save(planner, expenseBody(plan.id, item.id, { Amount: 7000, Status: 3 }));
    expect(actual).toMatchObject({ Approval: 'Pending', Status: 3 });
    const planned = await save(planner, expenseBody(plan.id, item.id, { Amount: 9000, Status: 1 }));
    expect(planned.Approval).toBeNull();
    const byLead = await save(lead.token, expenseBody(plan.id, item.id, { Amount: 6000 }));
    expect(byLead.Approval).toBeNull();
    const byAdmin = await save(await acme.tokenFor('admin'), expenseBody(plan.id, item.id, { Amount: 6000 }));
    expect(byAdmin.Approval).toBeNull();
    expect(await pendingRequestOf(atThreshold.Id)).toMatchObject({
      amountCents: 500_000,
      requestedStatus: 2,
      requestedBy: acme.users.member.id,
    });
    expect(await pendingRequestOf(below.Id)).toBeNull();
  });

  it('holds at a threshold of 19.99 to the cent', async () => {
    await setPolicy({ ExpenseThreshold: 19.99 });
    const { plan, item } = await createPlanWithItem(t, acme);
    const planner = await acme.tokenFor('member');
    expect((await save(planner, expenseBody(plan.id, item.id, { Amount: 19.99 }))).Approval).toBe('Pending');
    expect((await save(planner, expenseBody(plan.id, item.id, { Amount: 19.98 }))).Approval).toBeNull();
    await setPolicy({ ExpenseThreshold: 5000 });
  });

  it('with named approvers, a Lead who is not named waits too, and a named Planner does not', async () => {
    await setPolicy({ ExpenseThreshold: 5000, Approvers: [acme.users.member.id] });
    const { plan, item } = await createPlanWithItem(t, acme);
    expect((await save(lead.token, expenseBody(plan.id, item.id))).Approval).toBe('Pending');
    expect((await save(await acme.tokenFor('member'), expenseBody(plan.id, item.id))).Approval).toBeNull();
    await setPolicy({ Approvers: 'Leads' });
  });

  it('raising an approved Amount asks again (the approved Amount kept); lowering it does not', async () => {
    await setPolicy({ ExpenseThreshold: 5000 });
    const { plan, item } = await createPlanWithItem(t, acme);
    const planner = await acme.tokenFor('member');
    const asked = await save(planner, expenseBody(plan.id, item.id, { Amount: 6000 }));
    const request = await pendingRequestOf(asked.Id);
    const approved = await t.post(APPROVE, { RequestId: request?.id, Version: request?.version }, lead.token);
    expect(approved.status, approved.text).toBe(200);
    const current = (await t.post('/api/ExpenseClient/GetExpense', { ExpenseId: asked.Id }, planner)).body.Result;
    expect(current.Approval).toBe('Approved');
    const lower = await save(planner, expenseBody(plan.id, item.id, { Id: asked.Id, Version: current.Version, Amount: 5500 }));
    expect(lower).toMatchObject({ Approval: 'Approved', Amount: 5500 });
    const back = await save(planner, expenseBody(plan.id, item.id, { Id: asked.Id, Version: lower.Version, Amount: 6000 }));
    expect(back.Approval).toBe('Approved');
    const higher = await save(planner, expenseBody(plan.id, item.id, { Id: asked.Id, Version: back.Version, Amount: 6000.01 }));
    expect(higher.Approval).toBe('Pending');
    expect(await pendingRequestOf(asked.Id)).toMatchObject({ amountCents: 600_001 });
    // Lowering a pending one back within the approved Amount withdraws the new request.
    const withdrawn = await save(planner, expenseBody(plan.id, item.id, { Id: asked.Id, Version: higher.Version, Amount: 6000 }));
    expect(withdrawn.Approval).toBe('Approved');
    expect(await pendingRequestOf(asked.Id)).toBeNull();
  });

  it('a pending expense made Planned is no longer a request', async () => {
    const { plan, item } = await createPlanWithItem(t, acme);
    const planner = await acme.tokenFor('member');
    const asked = await save(planner, expenseBody(plan.id, item.id));
    const planned = await save(planner, expenseBody(plan.id, item.id, { Id: asked.Id, Version: asked.Version, Status: 1 }));
    expect(planned.Approval).toBeNull();
    expect(await pendingRequestOf(asked.Id)).toBeNull();
  });
});

describe('imports follow the rule row by row', () => {
  const csv = [
    'Purchase Date,Vendor,Cost,Item,Status,Notes',
    '2026-03-10,Vendor A,5000.00,Paid search,Committed,At the threshold',
    '2026-03-11,Vendor B,4999.99,Paid search,Actual,A cent below',
    '2026-03-12,Vendor C,9000,Paid search,Planned,Planned',
    '2026-03-13,Vendor D,6000.01,Paid search,Actual,Above',
  ].join('\n');
  const importInto = (planId: string, token: string) =>
    t.post(COMMIT, { Kind: 'Expenses', MarketingPlanId: planId, FileName: 'costs.csv', ContentBase64: base64(csv) }, token);

  it("a Planner's import: each Committed or Actual row at or above the threshold waits, one mail per approver for the file", async () => {
    await setPolicy({ ExpenseThreshold: 5000, Approvers: 'Leads' });
    const { plan, item } = await createPlanWithItem(t, acme);
    const mark = await outboxMark(t);
    const imported = await importInto(plan.id, await acme.tokenFor('member'));
    expect(imported.status, imported.text).toBe(200);
    expect(imported.body.Result.Created).toBe(4);
    const requests = await t.ctx.db.select().from(approvalRequests).where(eq(approvalRequests.marketingPlanId, plan.id));
    expect(requests.map((row) => [row.amountCents, row.requestedStatus, row.status]).sort()).toEqual([
      [500_000, 2, 1],
      [600_001, 3, 1],
    ]);
    const items = (await t.post('/api/BudgetItemClient/GetBudgetItems', { MarketingPlanId: plan.id }, lead.token)).body.Result;
    expect(items.find((entry: { Id: string }) => entry.Id === item.id)).toMatchObject({
      Committed: 0,
      Actual: 4999.99,
      Planned: 9000,
      Requested: 11000.01,
    });
    const mails = await mailSince(t, mark, 'approval');
    expect(recipientsOf(mails)).toEqual([acme.users.admin.email, acme.users.owner.email, lead.email].sort());
    expect(mails[0]?.subject).toBe('Approval needed: 2 imported expenses ($11,000.01)');
  });

  it("a Lead's import waits for nobody", async () => {
    const { plan } = await createPlanWithItem(t, acme);
    expect((await importInto(plan.id, lead.token)).status).toBe(200);
    const requests = await t.ctx.db.select().from(approvalRequests).where(eq(approvalRequests.marketingPlanId, plan.id));
    expect(requests).toEqual([]);
  });
});

describe('money figures: Requested beside, never inside, Committed and Actual', () => {
  it('the budget item, the expenses list, the dashboard, the category report and the plan list agree to the cent, before and after approval', async () => {
    await setPolicy({ ExpenseThreshold: 5000 });
    const { plan, item } = await createPlanWithItem(t, acme, 1_000_000);
    const planner = await acme.tokenFor('member');
    await save(planner, expenseBody(plan.id, item.id, { Amount: 100.01 }));
    await save(planner, expenseBody(plan.id, item.id, { Amount: 19.99, Status: 3 }));
    const big = await save(planner, expenseBody(plan.id, item.id, { Amount: 5000, Status: 3 }));
    const bigger = await save(planner, expenseBody(plan.id, item.id, { Amount: 6543.21, Status: 2 }));
    expect([big.Approval, bigger.Approval]).toEqual(['Pending', 'Pending']);

    const figures = async () => {
      const owner = await acme.tokenFor('owner');
      const items = (await t.post('/api/BudgetItemClient/GetBudgetItems', { MarketingPlanId: plan.id }, owner)).body.Result;
      const list = (await t.post('/api/ExpenseClient/GetExpenses', { BudgetItemId: item.id }, owner)).body.Result;
      const dashboard = (await t.post('/api/DashboardClient/Get', { MarketingPlanId: plan.id }, owner)).body.Result;
      const report = (await t.post('/api/ReportingClient/BudgetCategoriesReport', { MarketingPlanId: plan.id }, owner)).body.Result;
      const plans = (await t.post('/api/MarketingPlanClient/GetMarketingPlans', {}, owner)).body.Result;
      const listed = (Array.isArray(plans) ? plans : (plans.Items ?? [])).find((entry: { Id: string }) => entry.Id === plan.id);
      const row = items.find((entry: { Id: string }) => entry.Id === item.id);
      return { row, list, dashboard, report, listed };
    };
    const before = await figures();
    expect(before.row).toMatchObject({ Committed: 100.01, Actual: 19.99, Requested: 11543.21, Available: 9880 });
    expect(before.list.Totals).toMatchObject({ Committed: 100.01, Actual: 19.99, Requested: 11543.21 });
    expect(before.list.BudgetItem).toMatchObject({ Committed: 100.01, Actual: 19.99, Requested: 11543.21, Available: 9880 });
    expect(before.dashboard).toMatchObject({
      Committed: 100.01,
      Actual: 19.99,
      Requested: 11543.21,
      Available: 9880,
      WaitingForApproval: { Count: 2, Amount: 11543.21 },
    });
    expect(before.report.Totals).toMatchObject({ Committed: 100.01, Actual: 19.99, Requested: 11543.21, Available: 9880 });
    expect(before.listed.Totals).toMatchObject({ Committed: 100.01, Actual: 19.99, Available: 9880 });

    const request = await pendingRequestOf(big.Id);
    expect((await t.post(APPROVE, { RequestId: request?.id, Version: request?.version }, lead.token)).status).toBe(200);
    const after = await figures();
    expect(after.row).toMatchObject({ Committed: 100.01, Actual: 5019.99, Requested: 6543.21, Available: 4880 });
    expect(after.list.Totals).toMatchObject({ Committed: 100.01, Actual: 5019.99, Requested: 6543.21 });
    expect(after.dashboard).toMatchObject({ Actual: 5019.99, Requested: 6543.21, WaitingForApproval: { Count: 1, Amount: 6543.21 } });
    expect(after.report.Totals).toMatchObject({ Actual: 5019.99, Requested: 6543.21 });
  });
});

describe('decisions (Approve, Reject)', () => {
  it('approve gives the saved status and is in the activity trail; a second decision is refused', async () => {
    await setPolicy({ ExpenseThreshold: 5000 });
    const { plan, item } = await createPlanWithItem(t, acme);
    const asked = await save(await acme.tokenFor('member'), expenseBody(plan.id, item.id, { Status: 3 }));
    const request = await pendingRequestOf(asked.Id);
    const approved = await t.post(APPROVE, { RequestId: request?.id, Version: request?.version, Note: 'Budgeted in Q1' }, lead.token);
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body.Result).toMatchObject({ Status: 'Approved', DecidedBy: { Id: lead.id }, Note: 'Budgeted in Q1', Kind: 'Expense' });
    const expense = (await t.post('/api/ExpenseClient/GetExpense', { ExpenseId: asked.Id }, lead.token)).body.Result;
    expect(expense).toMatchObject({ Status: 3, Approval: 'Approved', ApprovalNote: 'Budgeted in Q1' });
    const trail = await t.ctx.db.select().from(activities).where(eq(activities.entityId, asked.Id));
    expect(trail.map((row) => row.description)).toContainEqual(
      expect.stringMatching(/^Approved \$5,000\.00 actual requested by Member Acme: Budgeted in Q1$/),
    );

    const stale = await t.post(APPROVE, { RequestId: request?.id, Version: request?.version }, await acme.tokenFor('admin'));
    expect(stale.status).toBe(409);
    const again = await t.post(
      REJECT,
      { RequestId: request?.id, Version: approved.body.Result.Version, Note: 'No' },
      await acme.tokenFor('admin'),
    );
    expect(again.status).toBe(409);
    expect(again.body.Message).toMatch(/already approved/);
  });

  it('reject needs a note and makes the expense Planned with it', async () => {
    const { plan, item } = await createPlanWithItem(t, acme);
    const asked = await save(await acme.tokenFor('member'), expenseBody(plan.id, item.id));
    const request = await pendingRequestOf(asked.Id);
    const noNote = await t.post(REJECT, { RequestId: request?.id, Version: request?.version, Note: '  ' }, lead.token);
    expect(noNote.status).toBe(400);
    const rejected = await t.post(REJECT, { RequestId: request?.id, Version: request?.version, Note: 'Use the Q3 budget' }, lead.token);
    expect(rejected.status, rejected.text).toBe(200);
    const expense = (await t.post('/api/ExpenseClient/GetExpense', { ExpenseId: asked.Id }, lead.token)).body.Result;
    expect(expense).toMatchObject({ Status: 1, Approval: 'Rejected', ApprovalNote: 'Use the Q3 budget' });
  });

  it('nobody decides their own request, a Planner who is not named decides nothing, a Viewer is refused', async () => {
    const { plan, item } = await createPlanWithItem(t, acme);
    const asked = await save(await acme.tokenFor('member'), expenseBody(plan.id, item.id));
    const request = await pendingRequestOf(asked.Id);
    const body = { RequestId: request?.id, Version: request?.version };
    const planner = await t.post(APPROVE, body, await acme.tokenFor('member'));
    expect(planner.status).toBe(403);
    expect(planner.body.Message).toMatch(/their own request/);
    const viewer = await t.post(APPROVE, body, await acme.tokenFor('viewer'));
    expect(viewer.status).toBe(403);
    const outsider = await t.post(APPROVE, body, await acme.tokenFor('outsider'));
    expect(outsider.status).toBe(404);
    // The Lead asks; the policy then names the Planner: the Planner decides it, the Lead not their own.
    const byLead = await save(lead.token, expenseBody(plan.id, item.id, { Amount: 9000 }));
    expect(byLead.Approval).toBeNull();
    await setPolicy({ Approvers: [acme.users.member.id] });
    const leadAsks = await save(lead.token, expenseBody(plan.id, item.id, { Amount: 9000 }));
    expect(leadAsks.Approval).toBe('Pending');
    await setPolicy({ Approvers: [acme.users.member.id, lead.id] });
    const leadsRequest = await pendingRequestOf(leadAsks.Id);
    const own = await t.post(APPROVE, { RequestId: leadsRequest?.id, Version: leadsRequest?.version }, lead.token);
    expect(own.status).toBe(403);
    expect(own.body.Message).toBe('Nobody decides their own request: another approver of the team must approve or reject it.');
    const namedPlanner = await t.post(
      APPROVE,
      { RequestId: leadsRequest?.id, Version: leadsRequest?.version },
      await acme.tokenFor('member'),
    );
    expect(namedPlanner.status, namedPlanner.text).toBe(200);
    await setPolicy({ Approvers: 'Leads' });
  });

  it("another tenant's Owner gets 404 and nothing changes", async () => {
    const { plan, item } = await createPlanWithItem(t, acme);
    const asked = await save(await acme.tokenFor('member'), expenseBody(plan.id, item.id));
    const request = await pendingRequestOf(asked.Id);
    const before = await snapshotTenant(t.database, acme.id);
    const owner = await other.tokenFor('owner');
    expect((await t.post(APPROVE, { RequestId: request?.id, Version: request?.version }, owner)).status).toBe(404);
    expect((await t.post(REJECT, { RequestId: request?.id, Version: request?.version, Note: 'x' }, owner)).status).toBe(404);
    expect((await t.post(LIST, {}, owner)).body.Result.map((entry: { Id: string }) => entry.Id)).not.toContain(request?.id);
    expect(await snapshotTenant(t.database, acme.id)).toEqual(before);
  });
});

describe('who sees which requests (List, GetCount)', () => {
  it('approvers see what waits for them, requesters their own, Admins all; Viewers and people outside the team nothing', async () => {
    await setPolicy({ ExpenseThreshold: 5000, Approvers: 'Leads' });
    const { plan, item } = await createPlanWithItem(t, acme);
    const asked = await save(await acme.tokenFor('member'), expenseBody(plan.id, item.id, { Name: 'Seen by whom' }));
    const request = await pendingRequestOf(asked.Id);
    const ids = async (token: string, body: Record<string, unknown> = {}) =>
      (await t.post(LIST, body, token)).body.Result.map((entry: { Id: string }) => entry.Id);
    expect(await ids(lead.token, { Status: 'Pending' })).toContain(request?.id);
    expect(await ids(await acme.tokenFor('member'), { Mine: true })).toContain(request?.id);
    expect(await ids(await acme.tokenFor('admin'))).toContain(request?.id);
    expect(await ids(await acme.tokenFor('viewer'))).toEqual([]);
    expect(await ids(await acme.tokenFor('outsider'))).toEqual([]);
    expect(await ids(lead.token, { Mine: true })).not.toContain(request?.id);

    const forLead = (await t.post(LIST, { Status: 'Pending' }, lead.token)).body.Result.find(
      (entry: { Id: string }) => entry.Id === request?.id,
    );
    expect(forLead).toMatchObject({
      Kind: 'Expense',
      Status: 'Pending',
      What: 'Seen by whom',
      Amount: 5000,
      RequestedStatus: 2,
      ExpenseId: asked.Id,
      Plan: { Id: plan.id },
      Item: { Id: item.id, Name: 'Paid search' },
      ItemBudget: 10000,
      AvailableBefore: 10000,
      AvailableAfter: 5000,
      AgeDays: 0,
      Requester: { Id: acme.users.member.id, Name: 'Member Acme' },
      CanDecide: true,
    });
    const forPlanner = (await t.post(LIST, { Mine: true }, await acme.tokenFor('member'))).body.Result.find(
      (entry: { Id: string }) => entry.Id === request?.id,
    );
    expect(forPlanner.CanDecide).toBe(false);
    const leadCount = (await t.post(COUNT, {}, lead.token)).body.Result;
    expect(leadCount.WaitingForMe).toBeGreaterThanOrEqual(1);
    const viewerCount = (await t.post(COUNT, {}, await acme.tokenFor('viewer'))).body.Result;
    expect(viewerCount).toEqual({ WaitingForMe: 0, MinePending: 0 });
  });
});

describe('mail through the outbox', () => {
  it('each approver hears of a new request with its link; the requester of each decision; each person’s choice is kept', async () => {
    await setPolicy({ ExpenseThreshold: 5000, Approvers: 'Leads' });
    const { plan, item } = await createPlanWithItem(t, acme);
    // The Admin turns approval mail off.
    const adminToken = await acme.tokenFor('admin');
    const settings = (await t.post('/api/UserProfileClient/GetNotificationSettings', {}, adminToken)).body.Result;
    expect(settings.Approvals).toBe(true);
    await t.post('/api/UserProfileClient/SaveNotificationSettings', { ...settings, Approvals: false }, adminToken);

    const mark = await outboxMark(t);
    const asked = await save(await acme.tokenFor('member'), expenseBody(plan.id, item.id, { Amount: 5000.5, Name: 'Booth' }));
    const request = await pendingRequestOf(asked.Id);
    const asks = await mailSince(t, mark, 'approval');
    expect(recipientsOf(asks)).toEqual([acme.users.owner.email, lead.email].sort());
    expect(asks[0]?.subject).toBe('Approval needed: Booth ($5,000.50)');
    expect(asks[0]?.textBody).toContain(`/approvals?request=${request?.id}`);
    expect(asks[0]?.textBody).toContain('Member Acme asks to record $5,000.50 committed against Paid search');

    const decided = await outboxMark(t);
    await t.post(REJECT, { RequestId: request?.id, Version: request?.version, Note: 'Too early' }, lead.token);
    const told = await mailSince(t, decided, 'approval');
    expect(recipientsOf(told)).toEqual([acme.users.member.email]);
    expect(told[0]?.subject).toBe('Rejected: Booth ($5,000.50)');
    expect(told[0]?.textBody).toContain('Why: Too early');
    await t.post('/api/UserProfileClient/SaveNotificationSettings', { ...settings, Approvals: true }, adminToken);
  });

  it('the weekly digest names requests pending for more than three days', async () => {
    await setPolicy({ ExpenseThreshold: 5000 });
    const { plan, item } = await createPlanWithItem(t, acme);
    await save(await acme.tokenFor('member'), expenseBody(plan.id, item.id, { Name: 'Old ask', Amount: 5001 }));
    clock.advance(4 * 86_400_000);
    try {
      const mark = await outboxMark(t);
      const preview = await t.post('/api/NotificationClient/SendDigestPreview', {}, (await login(t, lead.email)).AccessToken);
      expect(preview.status, preview.text).toBe(200);
      const [digest] = await mailSince(t, mark, 'digest');
      expect(digest?.textBody).toMatch(
        /Waiting for approval for more than 3 days: \d+ requests?: .*Old ask \(\$5,001\.00, asked 2026-06-15\)/,
      );
    } finally {
      clock.advance(-4 * 86_400_000);
    }
  });
});
