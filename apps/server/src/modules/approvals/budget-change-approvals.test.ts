// Budget changes that wait for approval after the baseline lock (issue 32 item 2, DESIGN.md §15),
// through the real app on PGlite: the threshold to the cent, who waits, reallocation never, approve
// applies exactly what was asked (or 409 with nothing applied when the budget moved), reject discards.
import type { ApprovalRequest } from '@plansmith/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtureMember } from '../../../test/authorization-fixture.ts';
import { createTenant, login, type TestTenant } from '../../../test/factories.ts';
import { mailSince, outboxMark, recipientsOf } from '../../../test/outbox.ts';
import { createCategory, createItem, createPlan } from '../../../test/planning-factories.ts';
import { snapshotTenant } from '../../../test/tenant-snapshot.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { approvalRequests } from '../../schema/approvals.ts';
import { budgetItemMonths, budgetItems } from '../../schema/budget.ts';
import { budgetChanges, planPeriods } from '../../schema/forecast.ts';
import { teamMembers } from '../../schema/teams.ts';

const ITEM_API = '/api/BudgetItemClient';
const APPROVALS = '/api/ApprovalClient';

let t: TestApp;
let acme: TestTenant;
let other: TestTenant;
let categoryId: string;
let lead: { id: string; email: string; token: string };

beforeAll(async () => {
  t = await createTestApp();
  acme = await createTenant(t, { name: 'Acme' });
  other = await createTenant(t, { name: 'Other' });
  categoryId = (await createCategory(t, acme)).id;
  const member = await createFixtureMember(t, acme, 'lead');
  await t.ctx.db.insert(teamMembers).values({ tenantId: acme.id, teamId: acme.teamId, userId: member.id, teamRoleId: 1 });
  lead = { id: member.id, email: member.email, token: (await login(t, member.email)).AccessToken };
  for (const who of ['owner', 'admin', 'member', 'viewer'] as const) await acme.tokenFor(who);
  await other.tokenFor('owner');
  // Budget changes of $100.00 or more wait; the team's Leads decide.
  const policy = (await t.post(`${APPROVALS}/GetPolicy`, { TeamId: acme.teamId }, lead.token)).body.Result;
  const saved = await t.post(
    `${APPROVALS}/SavePolicy`,
    { TeamId: acme.teamId, ExpenseThreshold: null, BudgetChangeThreshold: 100, Approvers: 'Leads', Version: policy.Version },
    lead.token,
  );
  expect(saved.status, saved.text).toBe(200);
});
afterAll(async () => t.close());

/** A 2026 plan, locked, with an unphased item ($1,000.00) and a phased one (Mar $1,000.00, Apr $200.00). */
const lockedPlan = async () => {
  const plan = await createPlan(t, acme);
  const unphased = await createItem(t, acme, { planId: plan.id, categoryId, amountCents: 100_000, name: 'Events' });
  const phased = await createItem(t, acme, {
    planId: plan.id,
    categoryId,
    amountCents: 120_000,
    name: 'Search ads',
    months: { '2026-03': 100_000, '2026-04': 20_000 },
  });
  const locked = await t.post('/api/MarketingPlanClient/LockBaseline', { MarketingPlanId: plan.id }, await acme.tokenFor('owner'));
  expect(locked.status, locked.text).toBe(200);
  return { plan, unphased, phased };
};

const itemRow = async (id: string) => (await t.ctx.db.select().from(budgetItems).where(eq(budgetItems.id, id)))[0];
const monthsOf = async (id: string) =>
  Object.fromEntries(
    (await t.ctx.db.select().from(budgetItemMonths).where(eq(budgetItemMonths.budgetItemId, id))).map((row) => [
      row.month.slice(0, 7),
      row.amountCents,
    ]),
  );
const changesOf = (planId: string) => t.ctx.db.select().from(budgetChanges).where(eq(budgetChanges.marketingPlanId, planId));
const requestsOf = (planId: string) => t.ctx.db.select().from(approvalRequests).where(eq(approvalRequests.marketingPlanId, planId));
/** The plan's budget as stored: items, months and budget change rows. */
const budgetOf = async (planId: string, itemIds: string[]) => ({
  items: await Promise.all(itemIds.map(async (id) => ({ row: await itemRow(id), months: await monthsOf(id) }))),
  changes: await changesOf(planId),
});

const saveItem = async (token: string, planId: string, item: { id: string }, fields: Record<string, unknown>) => {
  const row = await itemRow(item.id);
  return t.post(
    `${ITEM_API}/Save`,
    {
      Id: item.id,
      Version: row?.version,
      Name: row?.name,
      Amount: (row?.amountCents ?? 0) / 100,
      ItemType: 1,
      BudgetCategoryId: categoryId,
      MarketingPlanId: planId,
      Reason: 'Bigger booth',
      ...fields,
    },
    token,
  );
};

const listFor = async (token: string) => (await t.post(`${APPROVALS}/List`, {}, token)).body.Result as ApprovalRequest[];

describe('which budget changes wait (BudgetItemClient/Save after the lock)', () => {
  it('a Planner’s change of exactly the threshold waits (200, WaitingForApproval, nothing written); a cent below applies at once', async () => {
    const { plan, unphased } = await lockedPlan();
    const planner = await acme.tokenFor('member');
    const mark = await outboxMark(t);
    const before = await budgetOf(plan.id, [unphased.id]);
    const waits = await saveItem(planner, plan.id, unphased, { Amount: 1100 });
    expect(waits.status, waits.text).toBe(200);
    expect(waits.body.Result.Amount).toBe(1000);
    expect(waits.body.Result.WaitingForApproval.Message).toMatch(/^Waiting for approval/);
    expect(await budgetOf(plan.id, [unphased.id])).toEqual(before);
    const [request] = await requestsOf(plan.id);
    expect(request).toMatchObject({
      id: waits.body.Result.WaitingForApproval.RequestId,
      kind: 2,
      status: 1,
      amountCents: 10_000,
      budgetItemId: unphased.id,
      what: 'Events: $1,000.00 → $1,100.00',
    });
    // The team's Leads (here the Lead, and the Owner and Admin, who lead it too) hear of it; the requester does not.
    const mails = await mailSince(t, mark, 'approval');
    expect(recipientsOf(mails)).toEqual(expect.arrayContaining([lead.email, acme.users.owner.email]));
    expect(recipientsOf(mails)).not.toContain(acme.users.member.email);
    const toLead = mails.find((mail) => mail.toAddress === lead.email);
    expect(toLead?.subject).toBe('Approval needed: budget change of Events ($100.00)');
    expect(toLead?.textBody).toContain('Events: $1,000.00 → $1,100.00. Reason: Bigger booth.');
    expect(toLead?.textBody).toContain('Until it is approved the budget stays as it is.');

    const applies = await saveItem(planner, plan.id, unphased, { Amount: 1099.99 });
    expect(applies.status, applies.text).toBe(200);
    expect(applies.body.Result.WaitingForApproval).toBeUndefined();
    expect(applies.body.Result.Amount).toBe(1099.99);
    expect((await changesOf(plan.id)).map((row) => [row.beforeCents, row.afterCents])).toEqual([[100_000, 109_999]]);
  });

  it('the size is |after − before| summed over the changed months: moving $50 between two months is $100 and waits', async () => {
    const { plan, phased } = await lockedPlan();
    const waits = await saveItem(await acme.tokenFor('member'), plan.id, phased, {
      Amount: 1200,
      Months: [
        { Month: '2026-03', Amount: 950 },
        { Month: '2026-04', Amount: 250 },
      ],
      Cells: Object.keys(await monthsOf(phased.id)).map((month) => ({ Month: month, Version: 1 })),
    });
    expect(waits.status, waits.text).toBe(200);
    expect(waits.body.Result.WaitingForApproval).toBeDefined();
    expect(await monthsOf(phased.id)).toEqual({ '2026-03': 100_000, '2026-04': 20_000 });
    const [request] = await requestsOf(plan.id);
    expect(request?.amountCents).toBe(10_000);
  });

  it('SetMonth waits the same way: a Planner typing $100 more into March keeps the request; the grid cell stays as it was until approved', async () => {
    const { plan, phased } = await lockedPlan();
    const setMonth = (token: string, amount: number, version: number) =>
      t.post(
        `${ITEM_API}/SetMonth`,
        { BudgetItemId: phased.id, Month: '2026-03', Amount: amount, YearTotal: null, Version: version, Reason: 'More search' },
        token,
      );
    const waits = await setMonth(await acme.tokenFor('member'), 1100, 1);
    expect(waits.status, waits.text).toBe(200);
    expect(waits.body.Result.Description).toMatch(/^Waiting for approval: Search ads: \$1,200\.00 → \$1,300\.00/);
    expect(waits.body.Result.Item.WaitingForApproval.RequestId).toBeDefined();
    expect(await monthsOf(phased.id)).toEqual({ '2026-03': 100_000, '2026-04': 20_000 });
    expect(await changesOf(plan.id)).toEqual([]);
    const listed = (await listFor(lead.token)).find((request) => request.Id === waits.body.Result.Item.WaitingForApproval.RequestId);
    expect(listed?.Change?.Months).toEqual([{ Month: '2026-03', Before: 1000, After: 1100 }]);
    const approved = await t.post(`${APPROVALS}/Approve`, { RequestId: listed?.Id, Version: listed?.Version }, lead.token);
    expect(approved.status, approved.text).toBe(200);
    expect(await monthsOf(phased.id)).toEqual({ '2026-03': 110_000, '2026-04': 20_000 });
    expect((await itemRow(phased.id))?.amountCents).toBe(130_000);
    expect((await changesOf(plan.id)).map((row) => [row.month, row.beforeCents, row.afterCents, row.reason])).toEqual([
      ['2026-03-01', 100_000, 110_000, 'More search'],
    ]);
    // A cent below the threshold applies at once.
    const applies = await setMonth(await acme.tokenFor('member'), 1199.99, 2);
    expect(applies.status, applies.text).toBe(200);
    expect(applies.body.Result.Item.WaitingForApproval).toBeUndefined();
    expect((await monthsOf(phased.id))['2026-03']).toBe(119_999);
  });

  it('SaveMonths (a pasted block) follows the rule item by item: the $100.00 row waits, the $99.99 row applies', async () => {
    const { plan, unphased, phased } = await lockedPlan();
    const saved = await t.post(
      `${ITEM_API}/SaveMonths`,
      {
        MarketingPlanId: plan.id,
        Reason: 'Pasted from the forecast',
        Items: [
          { BudgetItemId: unphased.id, Amount: 1100, Months: null, Version: 1, Cells: [] },
          {
            BudgetItemId: phased.id,
            Amount: 1299.99,
            Months: [
              { Month: '2026-03', Amount: 1099.99 },
              { Month: '2026-04', Amount: 200 },
            ],
            Version: 1,
            Cells: [
              { Month: '2026-03', Version: 1 },
              { Month: '2026-04', Version: 1 },
            ],
          },
        ],
      },
      await acme.tokenFor('member'),
    );
    expect(saved.status, saved.text).toBe(200);
    const byId = new Map(
      (saved.body.Result as Array<{ Id: string; Amount: number; WaitingForApproval?: unknown }>).map((item) => [item.Id, item]),
    );
    expect(byId.get(unphased.id)).toMatchObject({
      Amount: 1000,
      WaitingForApproval: { Message: expect.stringMatching(/^Waiting for approval/) },
    });
    expect(byId.get(phased.id)?.Amount).toBe(1299.99);
    expect(byId.get(phased.id)?.WaitingForApproval).toBeUndefined();
    expect(await monthsOf(unphased.id)).toEqual({});
    expect((await itemRow(unphased.id))?.amountCents).toBe(100_000);
    expect((await changesOf(plan.id)).map((row) => [row.budgetItemId, row.month, row.afterCents])).toEqual([
      [phased.id, '2026-03-01', 109_999],
    ]);
    const [request] = await requestsOf(plan.id);
    expect(request).toMatchObject({ budgetItemId: unphased.id, status: 1, kind: 2, amountCents: 10_000 });
  });

  it('an approver’s change (the Lead, the Owner) applies at once, whatever its size', async () => {
    const { plan, unphased } = await lockedPlan();
    for (const [token, amount] of [
      [lead.token, 5000],
      [await acme.tokenFor('owner'), 9000],
    ] as const) {
      const saved = await saveItem(token, plan.id, unphased, { Amount: amount });
      expect(saved.status, saved.text).toBe(200);
      expect(saved.body.Result.WaitingForApproval).toBeUndefined();
      expect(saved.body.Result.Amount).toBe(amount);
    }
    expect(await requestsOf(plan.id)).toEqual([]);
  });

  it('before the lock nothing waits', async () => {
    const plan = await createPlan(t, acme);
    const item = await createItem(t, acme, { planId: plan.id, categoryId, amountCents: 100_000, name: 'Events' });
    const saved = await saveItem(await acme.tokenFor('member'), plan.id, item, { Amount: 5000 });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.Result.Amount).toBe(5000);
    expect(await requestsOf(plan.id)).toEqual([]);
  });

  it('a reallocation never waits, even far above the threshold', async () => {
    const { plan, unphased, phased } = await lockedPlan();
    const moved = await t.post(
      `${ITEM_API}/Reallocate`,
      {
        FromBudgetItemId: phased.id,
        ToBudgetItemId: unphased.id,
        Month: '2026-03',
        Amount: 900,
        Reason: 'Shift to events',
        Cells: [
          { BudgetItemId: phased.id, Version: 1 },
          { BudgetItemId: unphased.id, Version: (await itemRow(unphased.id))?.version },
        ],
      },
      await acme.tokenFor('member'),
    );
    expect(moved.status, moved.text).toBe(200);
    expect((await monthsOf(phased.id))['2026-03']).toBe(10_000);
    expect(await requestsOf(plan.id)).toEqual([]);
  });
});

describe('deciding a budget change (ApprovalClient/Approve, Reject)', () => {
  const ask = async (planId: string, item: { id: string }, fields: Record<string, unknown>) => {
    const waits = await saveItem(await acme.tokenFor('member'), planId, item, fields);
    expect(waits.status, waits.text).toBe(200);
    const requestId = waits.body.Result.WaitingForApproval.RequestId as string;
    const listed = (await listFor(lead.token)).find((request) => request.Id === requestId);
    if (!listed) throw new Error('the request is not listed for the Lead');
    return listed;
  };

  it('List shows what changes (before → after) and the item’s budget and available before/after; Approve applies it to the cent', async () => {
    const { plan, unphased, phased } = await lockedPlan();
    const listed = await ask(plan.id, unphased, { Amount: 1234.56, Reason: 'Second venue' });
    expect(listed).toMatchObject({
      Kind: 'BudgetChange',
      Status: 'Pending',
      Amount: 234.56,
      ItemBudget: 1000,
      AvailableBefore: 1000,
      AvailableAfter: 1234.56,
      CanDecide: true,
      Change: { BudgetBefore: 1000, BudgetAfter: 1234.56, Months: [{ Month: null, Before: 1000, After: 1234.56 }], Reason: 'Second venue' },
    });
    const mark = await outboxMark(t);
    const approved = await t.post(`${APPROVALS}/Approve`, { RequestId: listed.Id, Version: listed.Version }, lead.token);
    expect(approved.status, approved.text).toBe(200);
    expect(approved.body.Result).toMatchObject({ Status: 'Approved', ItemBudget: 1234.56, AvailableBefore: 1000, AvailableAfter: 1234.56 });
    expect((await itemRow(unphased.id))?.amountCents).toBe(123_456);
    const [change] = await changesOf(plan.id);
    expect(change).toMatchObject({
      budgetItemId: unphased.id,
      month: null,
      kind: 1,
      beforeCents: 100_000,
      afterCents: 123_456,
      reason: 'Second venue',
      changedBy: acme.users.member.id,
    });
    expect(recipientsOf(await mailSince(t, mark, 'approval'))).toEqual([acme.users.member.email]);

    // A phased change: the months asked are written exactly.
    const months = await ask(plan.id, phased, {
      Amount: 1500.01,
      Months: [
        { Month: '2026-03', Amount: 1000 },
        { Month: '2026-04', Amount: 200 },
        { Month: '2026-05', Amount: 300.01 },
      ],
      Cells: [
        { Month: '2026-03', Version: 1 },
        { Month: '2026-04', Version: 1 },
      ],
    });
    expect(months.Change?.Months).toEqual([{ Month: '2026-05', Before: 0, After: 300.01 }]);
    const ok = await t.post(`${APPROVALS}/Approve`, { RequestId: months.Id, Version: months.Version }, lead.token);
    expect(ok.status, ok.text).toBe(200);
    expect(await monthsOf(phased.id)).toEqual({ '2026-03': 100_000, '2026-04': 20_000, '2026-05': 30_001 });
    expect((await itemRow(phased.id))?.amountCents).toBe(150_001);
  });

  it('a stale approve (the budget moved since the request) is 409 saying nothing was applied, and nothing is', async () => {
    const { plan, unphased } = await lockedPlan();
    const listed = await ask(plan.id, unphased, { Amount: 1500 });
    const moved = await saveItem(lead.token, plan.id, unphased, { Amount: 1010 });
    expect(moved.status, moved.text).toBe(200);
    const before = await snapshotTenant(t.database, acme.id);
    const stale = await t.post(`${APPROVALS}/Approve`, { RequestId: listed.Id, Version: listed.Version }, lead.token);
    expect(stale.status, stale.text).toBe(409);
    expect(stale.body.Message).toContain('changed since this request was made');
    expect(stale.body.Message).toContain('nothing was applied');
    expect(await snapshotTenant(t.database, acme.id)).toEqual(before);
    expect((await itemRow(unphased.id))?.amountCents).toBe(101_000);
  });

  it('a month closed since the request is not changed by approving it: 409 naming it, nothing applied', async () => {
    const { plan, phased } = await lockedPlan();
    const listed = await ask(plan.id, phased, {
      Amount: 1400,
      Months: [
        { Month: '2026-03', Amount: 1200 },
        { Month: '2026-04', Amount: 200 },
      ],
      Cells: [
        { Month: '2026-03', Version: 1 },
        { Month: '2026-04', Version: 1 },
      ],
    });
    // Closed (as Close's period rows) without any cell of the item changing.
    await t.ctx.db.insert(planPeriods).values(
      ['2026-01-01', '2026-02-01', '2026-03-01'].map((month) => ({
        tenantId: acme.id,
        marketingPlanId: plan.id,
        month,
        unspent: 1 as const,
      })),
    );
    const before = await snapshotTenant(t.database, acme.id);
    const refused = await t.post(`${APPROVALS}/Approve`, { RequestId: listed.Id, Version: listed.Version }, lead.token);
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.Message).toContain('Mar 2026 was closed since this request was made');
    expect(refused.body.Message).toContain('nothing was applied');
    expect(await snapshotTenant(t.database, acme.id)).toEqual(before);
  });

  it('Reject needs a note and discards the change: the budget stays as it was', async () => {
    const { plan, unphased } = await lockedPlan();
    const listed = await ask(plan.id, unphased, { Amount: 2000 });
    const budget = await budgetOf(plan.id, [unphased.id]);
    const noNote = await t.post(`${APPROVALS}/Reject`, { RequestId: listed.Id, Version: listed.Version, Note: ' ' }, lead.token);
    expect(noNote.status).toBe(400);
    const rejected = await t.post(
      `${APPROVALS}/Reject`,
      { RequestId: listed.Id, Version: listed.Version, Note: 'Not this quarter' },
      lead.token,
    );
    expect(rejected.status, rejected.text).toBe(200);
    expect(rejected.body.Result).toMatchObject({
      Status: 'Rejected',
      Note: 'Not this quarter',
      AvailableBefore: 1000,
      AvailableAfter: 1000,
    });
    expect(await budgetOf(plan.id, [unphased.id])).toEqual(budget);
    const again = await t.post(`${APPROVALS}/Approve`, { RequestId: listed.Id, Version: rejected.body.Result.Version }, lead.token);
    expect(again.status).toBe(409);
    expect(await budgetOf(plan.id, [unphased.id])).toEqual(budget);
  });

  it('the requester cannot approve their own; another tenant’s Owner gets 404 and sees nothing; nothing changes', async () => {
    const { plan, unphased } = await lockedPlan();
    const listed = await ask(plan.id, unphased, { Amount: 3000 });
    const before = await snapshotTenant(t.database, acme.id);
    const own = await t.post(`${APPROVALS}/Approve`, { RequestId: listed.Id, Version: listed.Version }, await acme.tokenFor('member'));
    expect(own.status).toBe(403);
    const outsider = await other.tokenFor('owner');
    expect((await t.post(`${APPROVALS}/Approve`, { RequestId: listed.Id, Version: listed.Version }, outsider)).status).toBe(404);
    expect((await t.post(`${APPROVALS}/Reject`, { RequestId: listed.Id, Version: listed.Version, Note: 'No' }, outsider)).status).toBe(404);
    expect((await listFor(outsider)).map((request) => request.Id)).not.toContain(listed.Id);
    expect(await snapshotTenant(t.database, acme.id)).toEqual(before);
    const [request] = await t.ctx.db
      .select()
      .from(approvalRequests)
      .where(and(eq(approvalRequests.id, listed.Id)));
    expect(request?.status).toBe(1);
  });
});
