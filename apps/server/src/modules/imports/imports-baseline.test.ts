// A budget-items import and its undo after the plan's baseline lock (DESIGN.md §14, issue 31.1):
// a Reason is required, and the items' budgets are kept as budget change rows, through the real app.
import { REASON_REQUIRED_MESSAGE } from '@plansmith/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMIT, UNDO, base64, setup } from '../../../test/imports-fixture.ts';
import { snapshotTenant } from '../../../test/tenant-snapshot.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { budgetChanges } from '../../schema/forecast.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

// A phased item (Jan $100.00, Feb $19.99, Mar $0.01 — a half cent would not be money) and an unphased $1,000.00 one.
const CSV = ['Name,Category,Amount,Jan 2026,2026-02,Mar 2026', 'Radio,Paid media,120,100,19.99,0.01', 'Podcasts,Paid media,1000,,,'].join(
  '\n',
);

const itemsBody = (planId: string, extra: Record<string, unknown> = {}) => ({
  Kind: 'BudgetItems',
  MarketingPlanId: planId,
  FileName: 'items.csv',
  ContentBase64: base64(CSV),
  SkipDuplicates: true,
  ...extra,
});

const changesOf = async (planId: string) =>
  (
    await t.ctx.db
      .select({
        name: budgetChanges.budgetItemName,
        month: budgetChanges.month,
        kind: budgetChanges.kind,
        before: budgetChanges.beforeCents,
        after: budgetChanges.afterCents,
        reason: budgetChanges.reason,
        changedBy: budgetChanges.changedBy,
      })
      .from(budgetChanges)
      .where(eq(budgetChanges.marketingPlanId, planId))
      .orderBy(asc(budgetChanges.changedAt), asc(budgetChanges.budgetItemName), asc(budgetChanges.month))
  ).map((row) => ({ ...row, before: Number(row.before), after: Number(row.after) }));

const lockedSetup = async () => {
  const fixture = await setup(t);
  const locked = await t.post(
    '/api/MarketingPlanClient/LockBaseline',
    { MarketingPlanId: fixture.plan.id },
    await fixture.tenant.tokenFor('owner'),
  );
  expect(locked.status).toBe(200);
  return fixture;
};

describe('a budget-items import after the baseline lock', () => {
  it('without a reason answers 400 with the budget service’s words and writes nothing', async () => {
    const { tenant, plan, token } = await lockedSetup();
    const before = await snapshotTenant(t.database, tenant.id);
    for (const reason of [undefined, '   ']) {
      const response = await t.post(COMMIT, itemsBody(plan.id, reason === undefined ? {} : { Reason: reason }), token);
      expect(response.status).toBe(400);
      expect(response.body.Message).toBe(REASON_REQUIRED_MESSAGE);
    }
    expect(await snapshotTenant(t.database, tenant.id)).toEqual(before);
  });

  it('with a reason keeps every created item’s budget as kind 1 rows, before → after to the cent', async () => {
    const { tenant, plan, token } = await lockedSetup();
    const response = await t.post(COMMIT, itemsBody(plan.id, { Reason: ' Q1 radio push ' }), token);
    expect(response.status).toBe(200);
    expect(response.body.Result.Created).toBe(2);
    const userId = tenant.users.member.id;
    const row = (name: string, month: string | null, after: number) => ({
      name,
      month,
      kind: 1,
      before: 0,
      after,
      reason: 'Q1 radio push',
      changedBy: userId,
    });
    expect(await changesOf(plan.id)).toEqual([
      row('Podcasts', null, 100_000),
      row('Radio', '2026-01-01', 10_000),
      row('Radio', '2026-02-01', 1_999),
      row('Radio', '2026-03-01', 1),
    ]);
  });

  it('undo keeps the reverse rows with the reason “Undo of import items.csv”, asking none', async () => {
    const { plan, token } = await lockedSetup();
    const { ImportId } = (await t.post(COMMIT, itemsBody(plan.id, { Reason: 'Q1 radio push' }), token)).body.Result;
    t.clock.advance(60_000);
    const undone = await t.post(UNDO, { ImportId }, token);
    expect(undone.status).toBe(200);
    expect(undone.body.Result.Removed).toBe(2);
    const reverse = (await changesOf(plan.id)).filter((change) => change.reason === 'Undo of import items.csv');
    expect(reverse.map(({ name, month, kind, before, after }) => ({ name, month, kind, before, after }))).toEqual([
      { name: 'Podcasts', month: null, kind: 1, before: 100_000, after: 0 },
      { name: 'Radio', month: '2026-01-01', kind: 1, before: 10_000, after: 0 },
      { name: 'Radio', month: '2026-02-01', kind: 1, before: 1_999, after: 0 },
      { name: 'Radio', month: '2026-03-01', kind: 1, before: 1, after: 0 },
    ]);
  });

  it('of items without money needs no reason and keeps nothing', async () => {
    const { plan, token } = await lockedSetup();
    const body = itemsBody(plan.id, { ContentBase64: base64('Name,Category,Amount\nPlaceholder,Paid media,0\n') });
    const response = await t.post(COMMIT, body, token);
    expect(response.status).toBe(200);
    expect(await changesOf(plan.id)).toEqual([]);
  });
});

describe('a budget-items import before the baseline lock', () => {
  it('needs no reason and keeps no budget changes; nor does its undo', async () => {
    const { plan, token } = await setup(t);
    const response = await t.post(COMMIT, itemsBody(plan.id), token);
    expect(response.status).toBe(200);
    expect(response.body.Result.Created).toBe(2);
    expect((await t.post(UNDO, { ImportId: response.body.Result.ImportId }, token)).status).toBe(200);
    expect(await changesOf(plan.id)).toEqual([]);
  });
});

describe('an expenses import after the baseline lock', () => {
  it('needs no reason', async () => {
    const { plan, token } = await lockedSetup();
    const csv = 'Date,Amount,Budget item,Payee\n2026-03-02,19.99,Paid search,A\n';
    const response = await t.post(COMMIT, { ...itemsBody(plan.id), Kind: 'Expenses', ContentBase64: base64(csv) }, token);
    expect(response.status).toBe(200);
    expect(await changesOf(plan.id)).toEqual([]);
  });
});
