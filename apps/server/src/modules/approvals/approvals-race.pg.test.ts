// Two approvers deciding one request at the same moment, on PostgreSQL where their transactions really
// run side by side (DESIGN.md §15): exactly one decision is recorded, the other answers 409. The race is
// made certain: a SHARE lock on approval_requests stops both decisions at their write, and the test lets
// them go only once both wait. With the decision's row lock (SELECT … FOR UPDATE before the version
// check) the second waits for the first's commit, then sees the new version; without it both read
// version 1 and both write (checked once by removing the lock: 200 and 200, two decisions in the trail).
import { EMPTY_ID } from '@plansmith/contract';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { holdTableLock, requirePostgres, waitForLockWaiters } from '../../../test/pg-race.ts';
import { createPlanWithItem } from '../../../test/planning-factories.ts';
import { createTestApp, createTestClock, type TestApp } from '../../../test/test-app.ts';
import { activities } from '../../schema/activities.ts';
import { approvalRequests } from '../../schema/approvals.ts';
import { expenses } from '../../schema/expenses.ts';

let t: TestApp;
let acme: TestTenant;

beforeAll(async () => {
  t = await createTestApp({ clock: createTestClock(new Date('2026-06-15T12:00:00Z')) });
  requirePostgres(t);
  acme = await createTenant(t, { name: 'Race' });
});
afterAll(async () => t.close());

describe('two approvers deciding one request at once (PostgreSQL)', () => {
  it('records exactly one decision; the other approver gets 409 and the expense is decided once', async () => {
    const owner = await acme.tokenFor('owner');
    const admin = await acme.tokenFor('admin');
    const policy = (await t.post('/api/ApprovalClient/GetPolicy', { TeamId: acme.teamId }, owner)).body.Result;
    const saved = await t.post(
      '/api/ApprovalClient/SavePolicy',
      { TeamId: acme.teamId, ExpenseThreshold: 1000, BudgetChangeThreshold: null, Approvers: 'Leads', Version: policy.Version },
      owner,
    );
    expect(saved.status, saved.text).toBe(200);
    const { plan, item } = await createPlanWithItem(t, acme);
    const asked = await t.post(
      '/api/ExpenseClient/Save',
      {
        Id: EMPTY_ID,
        MarketingPlanId: plan.id,
        BudgetItemId: item.id,
        Name: 'Raced booth',
        PurchaseDate: '2026-03-10',
        Amount: 1000,
        Status: 2,
        CategoryType: 1,
      },
      await acme.tokenFor('member'),
    );
    expect(asked.body.Result.Approval).toBe('Pending');
    const [request] = await t.ctx.db.select().from(approvalRequests).where(eq(approvalRequests.expenseId, asked.body.Result.Id));
    if (!request) throw new Error('no request');

    const held = await holdTableLock(t, 'approval_requests');
    const decisions = Promise.all([
      t.post('/api/ApprovalClient/Approve', { RequestId: request.id, Version: request.version }, owner),
      t.post('/api/ApprovalClient/Reject', { RequestId: request.id, Version: request.version, Note: 'Not now' }, admin),
    ]);
    // The first holds the row and waits on the table lock at its write; the second waits on the row
    // (with the lock) or on the table lock too (without it).
    await waitForLockWaiters(t, 2);
    await held.release();
    const [approve, reject] = await decisions;

    expect([approve.status, reject.status].sort()).toEqual([200, 409]);
    const loser = approve.status === 409 ? approve : reject;
    expect(loser.body.Message).toMatch(/ changed the request “Raced booth” at .+ while you were editing\.$/);

    const [decided] = await t.ctx.db.select().from(approvalRequests).where(eq(approvalRequests.id, request.id));
    const [expense] = await t.ctx.db.select().from(expenses).where(eq(expenses.id, asked.body.Result.Id));
    const winnerApproved = approve.status === 200;
    expect(decided).toMatchObject({ status: winnerApproved ? 2 : 3, version: request.version + 1 });
    expect(expense).toMatchObject(winnerApproved ? { approval: 2, status: 2 } : { approval: 3, status: 1 });
    const trail = await t.ctx.db
      .select()
      .from(activities)
      .where(and(eq(activities.entityId, asked.body.Result.Id), like(activities.description, '%requested by%')));
    expect(trail).toHaveLength(1);
  });
});
