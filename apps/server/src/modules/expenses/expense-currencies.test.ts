// Expenses in another currency than the base (issue 34 part C, DESIGN.md §17), through the real API:
// each is stored in its own minor units and converted at its purchase month's rate, half a cent away
// from zero; every figure below is computed by hand. A missing rate is a 400 naming the fields that
// writes nothing; another tenant's rates are never used.
import { EMPTY_ID } from '@plansmith/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { mailSince, outboxMark } from '../../../test/outbox.ts';
import { createCategory, createExpenseRow, createItem, createPlan, insertRate } from '../../../test/planning-factories.ts';
import { snapshotTenant } from '../../../test/tenant-snapshot.ts';
import { createTestApp, createTestClock, type TestApp } from '../../../test/test-app.ts';
import { activities } from '../../schema/activities.ts';
import { approvalRequests } from '../../schema/approvals.ts';
import { expenses } from '../../schema/expenses.ts';

const SAVE = '/api/ExpenseClient/Save';
const LIST = '/api/ExpenseClient/GetExpenses';
const GET_ONE = '/api/ExpenseClient/GetExpense';
const BULK = '/api/ExpenseClient/BulkEdit';

// Today is 2026-06-15: the March and April expenses below may be Actual.
const clock = createTestClock(new Date('2026-06-15T12:00:00Z'));
let t: TestApp;
let acme: TestTenant;
let other: TestTenant;

const rate = (tenant: TestTenant, currency: string, month: string, value: string) => insertRate(t, tenant.id, currency, month, value);

beforeAll(async () => {
  t = await createTestApp({ clock });
  acme = await createTenant(t, { name: 'Acme' });
  other = await createTenant(t, { name: 'Other' });
  await rate(acme, 'EUR', '2026-03', '1.0825');
  await rate(acme, 'EUR', '2026-04', '1.09');
  await rate(acme, 'JPY', '2026-03', '0.0067');
  await rate(acme, 'KWD', '2026-03', '3.25');
  // The other tenant's euro is worth twice as much: acme's figures must never use it.
  await rate(other, 'EUR', '2026-03', '2');
});
afterAll(async () => t.close());

/** A plan (budget rate March 2026) with a USD item and a EUR item in one productive category. */
const fixture = async (tenant = acme) => {
  const plan = await createPlan(t, tenant);
  await t.database.queryRows("UPDATE marketing_plans SET budget_rate_month = '2026-03-01' WHERE tenant_id = $1 AND id = $2", [
    tenant.id,
    plan.id,
  ]);
  const category = await createCategory(t, tenant, { name: 'Events', categoryType: 1 });
  const usdItem = await createItem(t, tenant, { planId: plan.id, categoryId: category.id, amountCents: 1_000_000, name: 'Trade fairs' });
  const eurItem = await createItem(t, tenant, {
    planId: plan.id,
    categoryId: category.id,
    amountCents: 0,
    currency: 'EUR',
    amountMinor: 500_000,
    name: 'Berlin fair',
  });
  return { plan, usdItem, eurItem };
};

const body = (planId: string, itemId: string, overrides: Record<string, unknown> = {}) => ({
  Id: EMPTY_ID,
  MarketingPlanId: planId,
  BudgetItemId: itemId,
  Name: 'Booth',
  Payee: 'Messe Berlin',
  PurchaseDate: '2026-03-10',
  Amount: 19.99,
  CategoryType: 1,
  ...overrides,
});

const stored = async (id: string) => {
  const [row] = await t.ctx.db
    .select({ cents: expenses.amountCents, currency: expenses.currency, minor: expenses.amountMinor })
    .from(expenses)
    .where(and(eq(expenses.tenantId, acme.id), eq(expenses.id, id)));
  return row ? { cents: Number(row.cents), currency: row.currency, minor: row.minor === null ? null : Number(row.minor) } : null;
};

describe('saving an expense in another currency', () => {
  it.each([
    // €19.99 × 1.0825 = $21.639175 → $21.64
    ['EUR', 19.99, 1999, 21.64],
    // €2.00 × 1.0825 = $2.165: half a cent, away from zero → $2.17
    ['EUR', 2, 200, 2.17],
    // ¥12,350 × 0.0067 = $82.745: half a cent → $82.75
    ['JPY', 12_350, 12_350, 82.75],
    // KWD 1.020 × 3.25 = $3.315: half a cent → $3.32
    ['KWD', 1.02, 1020, 3.32],
    // KWD 1.234 × 3.25 = $4.0105 → $4.01
    ['KWD', 1.234, 1234, 4.01],
  ])('stores %s %s as %i minor units and answers its base amount $%s', async (currency, amount, minor, base) => {
    const { plan, usdItem } = await fixture();
    const response = await t.post(SAVE, body(plan.id, usdItem.id, { Currency: currency, Amount: amount }), await acme.tokenFor('member'));
    expect(response.status, response.text).toBe(200);
    expect(response.body.Result).toMatchObject({ Currency: currency, Amount: amount, BaseAmount: base });
    expect(await stored(response.body.Result.Id)).toEqual({ cents: Math.round(base * 100), currency, minor });
    const read = await t.post(GET_ONE, { ExpenseId: response.body.Result.Id }, await acme.tokenFor('viewer'));
    expect(read.body.Result).toMatchObject({ Currency: currency, Amount: amount, BaseAmount: base });
  });

  it('refuses decimals its currency does not have, naming Amount, and stores nothing', async () => {
    const { plan, usdItem } = await fixture();
    const before = await snapshotTenant(t.database, acme.id);
    const token = await acme.tokenFor('member');
    for (const [currency, amount, message] of [
      ['JPY', 1.5, 'Amount in JPY can have no decimals.'],
      ['KWD', 1.2345, 'Amount can have at most 3 decimals.'],
      ['EUR', 1.005, 'Amount in EUR can have at most 2 decimals.'],
    ] as const) {
      const response = await t.post(SAVE, body(plan.id, usdItem.id, { Currency: currency, Amount: amount }), token);
      expect(response.status, `${currency} ${amount}`).toBe(400);
      expect(response.body.Errors).toContainEqual({ Field: 'Amount', Message: message });
    }
    expect(await snapshotTenant(t.database, acme.id)).toEqual(before);
  });

  it('takes the item’s currency when none is given, keeps it on update, and stores the base currency as none', async () => {
    const { plan, eurItem, usdItem } = await fixture();
    const token = await acme.tokenFor('member');
    const created = (await t.post(SAVE, body(plan.id, eurItem.id, { Amount: 100 }), token)).body.Result;
    // €100 × 1.0825 = $108.25
    expect(created).toMatchObject({ Currency: 'EUR', Amount: 100, BaseAmount: 108.25 });
    const updated = await t.post(SAVE, body(plan.id, eurItem.id, { Id: created.Id, Version: created.Version, Amount: 200 }), token);
    expect(updated.body.Result).toMatchObject({ Currency: 'EUR', Amount: 200, BaseAmount: 216.5 });

    const inBase = await t.post(SAVE, body(plan.id, eurItem.id, { Currency: 'USD', Amount: 50 }), token);
    expect(inBase.body.Result).toMatchObject({ Currency: 'USD', Amount: 50, BaseAmount: 50 });
    expect(await stored(inBase.body.Result.Id)).toEqual({ cents: 5000, currency: null, minor: null });

    // A USD item's expense without Currency is a base expense, exactly as before currencies.
    const plain = await t.post(SAVE, body(plan.id, usdItem.id, { Amount: 19.99 }), token);
    expect(plain.body.Result).toMatchObject({ Currency: 'USD', Amount: 19.99, BaseAmount: 19.99 });
    expect(await stored(plain.body.Result.Id)).toEqual({ cents: 1999, currency: null, minor: null });

    // Changed to the base currency: the own amount goes, the base figure is the amount.
    const back = await t.post(
      SAVE,
      body(plan.id, eurItem.id, { Id: created.Id, Version: updated.body.Result.Version, Currency: 'USD', Amount: 75.5 }),
      token,
    );
    expect(back.body.Result).toMatchObject({ Currency: 'USD', Amount: 75.5, BaseAmount: 75.5 });
    expect(await stored(created.Id)).toEqual({ cents: 7550, currency: null, minor: null });
  });

  it('converts at the rate of the purchase month: March 31 at March’s, April 1 at April’s, and a date moved across follows', async () => {
    const { plan, usdItem } = await fixture();
    const token = await acme.tokenFor('member');
    const march = (await t.post(SAVE, body(plan.id, usdItem.id, { Currency: 'EUR', Amount: 1000, PurchaseDate: '2026-03-31' }), token)).body
      .Result;
    const april = (await t.post(SAVE, body(plan.id, usdItem.id, { Currency: 'EUR', Amount: 1000, PurchaseDate: '2026-04-01' }), token)).body
      .Result;
    // €1,000 × 1.0825 = $1,082.50; × 1.09 = $1,090.00
    expect(march.BaseAmount).toBe(1082.5);
    expect(april.BaseAmount).toBe(1090);

    const moved = await t.post(
      SAVE,
      body(plan.id, usdItem.id, { Id: march.Id, Version: march.Version, Amount: 1000, PurchaseDate: '2026-04-01' }),
      token,
    );
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.Result).toMatchObject({ Currency: 'EUR', Amount: 1000, BaseAmount: 1090, Version: march.Version + 1 });
  });

  it('answers a missing rate with a 400 naming PurchaseDate and Currency, in the trigger’s words, and writes nothing', async () => {
    const { plan, usdItem } = await fixture();
    const token = await acme.tokenFor('member');
    const kept = (await t.post(SAVE, body(plan.id, usdItem.id, { Currency: 'EUR', Amount: 10 }), token)).body.Result;
    const before = await snapshotTenant(t.database, acme.id);

    const pounds = await t.post(SAVE, body(plan.id, usdItem.id, { Currency: 'GBP', Amount: 10 }), token);
    expect(pounds.status).toBe(400);
    const message = 'There is no GBP rate for March 2026: an Admin enters it under Account › Currencies.';
    expect(pounds.body.Message).toBe(message);
    expect(pounds.body.Errors).toEqual([
      { Field: 'PurchaseDate', Message: message },
      { Field: 'Currency', Message: message },
    ]);

    // Moved into May, which has no euro rate: refused, the expense stays as it was.
    const may = await t.post(
      SAVE,
      body(plan.id, usdItem.id, { Id: kept.Id, Version: kept.Version, Amount: 10, PurchaseDate: '2026-05-04' }),
      token,
    );
    expect(may.status).toBe(400);
    expect(may.body.Message).toBe('There is no EUR rate for May 2026: an Admin enters it under Account › Currencies.');
    expect(await snapshotTenant(t.database, acme.id)).toEqual(before);
  });

  it('records both amounts in the activity trail', async () => {
    const { plan, usdItem } = await fixture();
    const saved = (await t.post(SAVE, body(plan.id, usdItem.id, { Currency: 'EUR', Amount: 19.99 }), await acme.tokenFor('member'))).body
      .Result;
    const [entry] = await t.ctx.db
      .select({ description: activities.description })
      .from(activities)
      .where(and(eq(activities.tenantId, acme.id), eq(activities.entityId, saved.Id)));
    expect(entry?.description).toBe('Recorded €19.99 ($21.64) actual, against Trade fairs, paid to Messe Berlin');
  });
});

describe('the expenses list', () => {
  it('shows each expense in its own currency and sums and sorts by the base amount', async () => {
    const { plan, usdItem } = await fixture();
    const token = await acme.tokenFor('member');
    // Base amounts: €100 → $108.25, ¥12,350 → $82.75, $90.00, KWD 1.020 → $3.32
    for (const [currency, amount, name] of [
      ['EUR', 100, 'Euro'],
      ['JPY', 12_350, 'Yen'],
      ['USD', 90, 'Dollar'],
      ['KWD', 1.02, 'Dinar'],
    ] as const) {
      const saved = await t.post(SAVE, body(plan.id, usdItem.id, { Currency: currency, Amount: amount, Name: name }), token);
      expect(saved.status, saved.text).toBe(200);
    }
    const page = await t.post(LIST, { MarketingPlanId: plan.id, SortBy: 'Amount', SortDirection: 'desc' }, token);
    expect(page.status, page.text).toBe(200);
    expect(page.body.Result.Items.map((item: { Name: string; Currency: string; Amount: number; BaseAmount: number }) => item)).toEqual([
      expect.objectContaining({ Name: 'Euro', Currency: 'EUR', Amount: 100, BaseAmount: 108.25 }),
      expect.objectContaining({ Name: 'Dollar', Currency: 'USD', Amount: 90, BaseAmount: 90 }),
      expect.objectContaining({ Name: 'Yen', Currency: 'JPY', Amount: 12_350, BaseAmount: 82.75 }),
      expect.objectContaining({ Name: 'Dinar', Currency: 'KWD', Amount: 1.02, BaseAmount: 3.32 }),
    ]);
    // $108.25 + $82.75 + $90.00 + $3.32 = $284.32, whether the kept sums or the rows answer.
    expect(page.body.Result.Totals).toMatchObject({ Count: 4, Amount: 284.32, Actual: 284.32 });
    // A text search is summed from the rows themselves: the yen expense's base amount.
    const searched = await t.post(LIST, { MarketingPlanId: plan.id, Query: 'Yen' }, token);
    expect(searched.body.Result.Totals).toMatchObject({ Count: 1, Amount: 82.75 });
  });
});

describe('approvals and bulk edit', () => {
  it('compares the approval threshold with the base amount and tells the approvers both amounts', async () => {
    const { plan, usdItem } = await fixture();
    const owner = await acme.tokenFor('owner');
    const policy = (await t.post('/api/ApprovalClient/GetPolicy', { TeamId: acme.teamId }, owner)).body.Result;
    const set = await t.post(
      '/api/ApprovalClient/SavePolicy',
      { TeamId: acme.teamId, ExpenseThreshold: 100, BudgetChangeThreshold: null, Approvers: policy.Approvers, Version: policy.Version },
      owner,
    );
    expect(set.status, set.text).toBe(200);
    try {
      const member = await acme.tokenFor('member');
      // The $100 threshold: €92 × 1.0825 = $99.59 is under it; €93 × 1.0825 = $100.6725 → $100.67 is above.
      const under = (await t.post(SAVE, body(plan.id, usdItem.id, { Currency: 'EUR', Amount: 92, Name: 'Under' }), member)).body.Result;
      expect(under).toMatchObject({ BaseAmount: 99.59, Approval: null });
      const mark = await outboxMark(t);
      const over = (await t.post(SAVE, body(plan.id, usdItem.id, { Currency: 'EUR', Amount: 93, Name: 'Over' }), member)).body.Result;
      expect(over).toMatchObject({ BaseAmount: 100.67, Approval: 'Pending' });
      const [request] = await t.ctx.db
        .select({ amountCents: approvalRequests.amountCents })
        .from(approvalRequests)
        .where(and(eq(approvalRequests.tenantId, acme.id), eq(approvalRequests.expenseId, over.Id)));
      expect(Number(request?.amountCents)).toBe(10_067);
      const mails = await mailSince(t, mark, 'approval');
      expect(mails.length).toBeGreaterThan(0);
      expect(mails[0]?.subject).toBe('Approval needed: Over, €93.00 ($100.67)');
      expect(mails[0]?.textBody).toContain('asks to record €93.00 ($100.67) actual against Trade fairs');
    } finally {
      const now = (await t.post('/api/ApprovalClient/GetPolicy', { TeamId: acme.teamId }, owner)).body.Result;
      await t.post(
        '/api/ApprovalClient/SavePolicy',
        { TeamId: acme.teamId, ExpenseThreshold: null, BudgetChangeThreshold: null, Approvers: now.Approvers, Version: now.Version },
        owner,
      );
    }
  });

  it('moves a euro expense to a dollar item keeping its own currency and amount', async () => {
    const { plan, usdItem, eurItem } = await fixture();
    const token = await acme.tokenFor('member');
    const saved = (await t.post(SAVE, body(plan.id, eurItem.id, { Amount: 19.99 }), token)).body.Result;
    expect(saved.Currency).toBe('EUR');
    const moved = await t.post(BULK, { Rows: [{ Id: saved.Id, Version: saved.Version }], Set: { BudgetItemId: usdItem.id } }, token);
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.Result.Items[0]).toMatchObject({ BudgetItemId: usdItem.id, Currency: 'EUR', Amount: 19.99, BaseAmount: 21.64 });
    expect(await stored(saved.Id)).toEqual({ cents: 2164, currency: 'EUR', minor: 1999 });
  });
});

describe('tenants', () => {
  it('converts with the tenant’s own rates only; the other tenant’s rows are unchanged', async () => {
    const theirs = await fixture(other);
    const theirRow = await createExpenseRow(t, other, {
      planId: theirs.plan.id,
      itemId: theirs.usdItem.id,
      amountCents: 0,
      currency: 'EUR',
      amountMinor: 1999,
    });
    // Signed in first: a sign-in writes the tenant's session rows.
    const theirToken = await other.tokenFor('member');
    const before = await snapshotTenant(t.database, other.id);

    const ours = await fixture();
    const saved = (
      await t.post(SAVE, body(ours.plan.id, ours.usdItem.id, { Currency: 'EUR', Amount: 19.99 }), await acme.tokenFor('member'))
    ).body.Result;
    // At acme's 1.0825, not other's 2: $21.64 (theirs: €19.99 × 2 = $39.98)
    expect(saved.BaseAmount).toBe(21.64);
    const theirsRead = await t.post(GET_ONE, { ExpenseId: theirRow.id }, theirToken);
    expect(theirsRead.body.Result).toMatchObject({ Currency: 'EUR', Amount: 19.99, BaseAmount: 39.98 });
    expect((await t.post(GET_ONE, { ExpenseId: theirRow.id }, await acme.tokenFor('owner'))).status).toBe(404);
    // Acme's April rate exists, other's does not: their April euro expense is refused with their own missing rate.
    const april = await t.post(
      SAVE,
      body(theirs.plan.id, theirs.usdItem.id, { Currency: 'EUR', Amount: 5, PurchaseDate: '2026-04-02' }),
      theirToken,
    );
    expect(april.status).toBe(400);
    expect(april.body.Message).toContain('There is no EUR rate for April 2026');
    expect(await snapshotTenant(t.database, other.id)).toEqual(before);
  });
});
