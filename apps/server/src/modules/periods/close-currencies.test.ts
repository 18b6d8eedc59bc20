// Issue 34 / DESIGN.md §17 with §14: closing a month with an item in another currency. The unspent is
// computed in the base currency as for every item (month Budget − month Actual, never negative), then
// converted into the item's own minor units at the plan's budget rate and moved (rolled forward or
// released) in amount_minor; the triggers (migration 1070) compute the base figures. Writing a foreign
// row's amount_cents would be refused (PSF02, a 400), so before this a plan with a foreign item could
// not close a month. Figures by hand at EUR 1.0825 (March 2026, the plan's budget rate month).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { createCategory, createExpenseRow, createItem, createPlan } from '../../../test/planning-factories.ts';
import { createTestApp, createTestClock, type TestApp } from '../../../test/test-app.ts';
import { baseToOwnMinor } from './periods.service.ts';

const CLOSE = '/api/PlanPeriodClient/Close';

let t: TestApp;
let tenant: TestTenant;
let owner: string;
let categoryId: string;
beforeAll(async () => {
  t = await createTestApp({ clock: createTestClock(new Date('2026-04-15T12:00:00Z')) });
  tenant = await createTenant(t);
  owner = await tenant.tokenFor('owner');
  categoryId = (await createCategory(t, tenant, { name: 'Events', categoryType: 1 })).id;
  await t.database.queryRows("INSERT INTO fx_rates (tenant_id, currency, month, rate) VALUES ($1, 'EUR', '2026-03-01', '1.0825')", [
    tenant.id,
  ]);
});
afterAll(async () => t.close());

/** A plan of March–June 2026 whose budget rate month is March (EUR 1.0825). */
const marchPlan = async () => {
  const plan = await createPlan(t, tenant, { startDate: '2026-03-01', endDate: '2026-06-30' });
  await t.database.queryRows("UPDATE marketing_plans SET budget_rate_month = '2026-03-01' WHERE tenant_id = $1 AND id = $2", [
    tenant.id,
    plan.id,
  ]);
  return plan;
};

/** "Berlin fair": €1,000.00 phased in March ($1,082.50), $541.25 actual in March (a USD expense). */
const berlin = async (planId: string) => {
  const item = await createItem(t, tenant, {
    planId,
    categoryId,
    name: 'Berlin fair',
    amountCents: 0,
    currency: 'EUR',
    amountMinor: 100_000,
    months: { '2026-03': 100_000 },
  });
  await createExpenseRow(t, tenant, { planId, itemId: item.id, amountCents: 54_125, purchaseDate: '2026-03-20' });
  return item;
};

/** "Search": $1,000.00 phased in March (a base item) with $400.00 actual. */
const search = async (planId: string) => {
  const item = await createItem(t, tenant, { planId, categoryId, name: 'Search', amountCents: 100_000, months: { '2026-03': 100_000 } });
  await createExpenseRow(t, tenant, { planId, itemId: item.id, amountCents: 40_000, purchaseDate: '2026-03-10' });
  return item;
};

/** The item's months: own minor units and base cents, by YYYY-MM. */
const monthsOf = async (itemId: string) =>
  Object.fromEntries(
    (
      await t.database.queryRows<{ month: string; minor: string | null; cents: string }>(
        `SELECT to_char(month, 'YYYY-MM') AS month, amount_minor::text AS minor, amount_cents::text AS cents
         FROM budget_item_months WHERE tenant_id = $1 AND budget_item_id = $2 ORDER BY month`,
        [tenant.id, itemId],
      )
    ).map((row) => [row.month, { minor: row.minor === null ? null : Number(row.minor), cents: Number(row.cents) }]),
  );

const itemOf = async (itemId: string) => {
  const [row] = await t.database.queryRows<{ minor: string | null; cents: string }>(
    'SELECT amount_minor::text AS minor, amount_cents::text AS cents FROM budget_items WHERE tenant_id = $1 AND id = $2',
    [tenant.id, itemId],
  );
  return { minor: row?.minor == null ? null : Number(row.minor), cents: Number(row?.cents) };
};

/** The close's budget changes of an item: month, kind, before and after (base cents). */
const changesOf = async (itemId: string) =>
  (
    await t.database.queryRows<{ month: string; kind: number; before_cents: string; after_cents: string }>(
      `SELECT to_char(month, 'YYYY-MM') AS month, kind, before_cents::text, after_cents::text FROM budget_changes
       WHERE tenant_id = $1 AND budget_item_id = $2 ORDER BY month`,
      [tenant.id, itemId],
    )
  ).map((row) => [row.month, Number(row.kind), Number(row.before_cents), Number(row.after_cents)]);

describe('closing a month with an item in another currency', () => {
  it('rolls the base unspent forward as euros at the budget rate: $541.25 = €500.00 from March to April', async () => {
    const plan = await marchPlan();
    const fair = await berlin(plan.id);
    const preview = await t.post('/api/PlanPeriodClient/Get', { MarketingPlanId: plan.id }, owner);
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.Result.Months[0].Unspent).toEqual([
      { BudgetItemId: fair.id, Name: 'Berlin fair', Budget: 1082.5, Actual: 541.25, Unspent: 541.25 },
    ]);

    const closed = await t.post(CLOSE, { MarketingPlanId: plan.id, Month: '2026-03', Unspent: 'RollForward' }, owner);
    expect(closed.status, closed.text).toBe(200);
    expect(await monthsOf(fair.id)).toEqual({
      '2026-03': { minor: 50_000, cents: 54_125 },
      '2026-04': { minor: 50_000, cents: 54_125 },
    });
    // Its own Amount stays €1,000.00 ($1,082.50): only its phasing moved.
    expect(await itemOf(fair.id)).toEqual({ minor: 100_000, cents: 108_250 });
    expect(await changesOf(fair.id)).toEqual([
      ['2026-03', 3, 108_250, 54_125],
      ['2026-04', 3, 0, 54_125],
    ]);
    const [activity] = await t.database.queryRows<{ description: string }>(
      "SELECT description FROM activities WHERE tenant_id = $1 AND entity_id = $2 AND description LIKE 'Month close%'",
      [tenant.id, fair.id],
    );
    expect(activity?.description).toBe('Month close: March 2026: €500.00 ($541.25) unspent rolled forward to April 2026');
  });

  it('rounds the euros half away from zero: $582.50 unspent = €538.11 (582.50 / 1.0825 = 538.106…)', async () => {
    const plan = await marchPlan();
    const item = await createItem(t, tenant, {
      planId: plan.id,
      categoryId,
      name: 'Munich fair',
      amountCents: 0,
      currency: 'EUR',
      amountMinor: 100_000,
      months: { '2026-03': 100_000, '2026-04': 10_000 },
    });
    await createExpenseRow(t, tenant, { planId: plan.id, itemId: item.id, amountCents: 50_000, purchaseDate: '2026-03-05' });
    const closed = await t.post(CLOSE, { MarketingPlanId: plan.id, Month: '2026-03', Unspent: 'RollForward' }, owner);
    expect(closed.status, closed.text).toBe(200);
    // March €461.89 × 1.0825 = $499.995… → $500.00; April €100.00 + €538.11 = €638.11 × 1.0825 = $690.754… → $690.75
    expect(await monthsOf(item.id)).toEqual({
      '2026-03': { minor: 46_189, cents: 50_000 },
      '2026-04': { minor: 63_811, cents: 69_075 },
    });
    expect(await changesOf(item.id)).toEqual([
      ['2026-03', 3, 108_250, 50_000],
      ['2026-04', 3, 10_825, 69_075],
    ]);
  });

  it('releases the base unspent as euros: the Amount €1,000.00 → €500.00 ($541.25)', async () => {
    const plan = await marchPlan();
    const fair = await berlin(plan.id);
    const closed = await t.post(CLOSE, { MarketingPlanId: plan.id, Month: '2026-03', Unspent: 'Release' }, owner);
    expect(closed.status, closed.text).toBe(200);
    expect(await monthsOf(fair.id)).toEqual({ '2026-03': { minor: 50_000, cents: 54_125 } });
    expect(await itemOf(fair.id)).toEqual({ minor: 50_000, cents: 54_125 });
    expect(await changesOf(fair.id)).toEqual([['2026-03', 4, 108_250, 54_125]]);
  });

  it('phases an unphased euro item in euros (€250.00 a month, $270.63 each) and rolls March’s forward whole', async () => {
    const plan = await marchPlan();
    const item = await createItem(t, tenant, {
      planId: plan.id,
      categoryId,
      name: 'Trade press',
      amountCents: 0,
      currency: 'EUR',
      amountMinor: 100_000,
    });
    const preview = await t.post('/api/PlanPeriodClient/Get', { MarketingPlanId: plan.id }, owner);
    // €250.00 × 1.0825 = $270.625 → $270.63
    expect(preview.body.Result.Months[0].Unspent).toEqual([
      { BudgetItemId: item.id, Name: 'Trade press', Budget: 270.63, Actual: 0, Unspent: 270.63 },
    ]);
    const closed = await t.post(CLOSE, { MarketingPlanId: plan.id, Month: '2026-03', Unspent: 'RollForward' }, owner);
    expect(closed.status, closed.text).toBe(200);
    // April €500.00 × 1.0825 = $541.25
    expect(await monthsOf(item.id)).toEqual({
      '2026-03': { minor: 0, cents: 0 },
      '2026-04': { minor: 50_000, cents: 54_125 },
      '2026-05': { minor: 25_000, cents: 27_063 },
      '2026-06': { minor: 25_000, cents: 27_063 },
    });
    // Phased now: its base amount is the sum of its months' (each rounded), its own Amount unchanged.
    expect(await itemOf(item.id)).toEqual({ minor: 100_000, cents: 108_251 });
    expect(await changesOf(item.id)).toEqual([
      ['2026-03', 3, 27_063, 0],
      ['2026-04', 3, 27_063, 54_125],
    ]);
  });

  it('closes a base-currency item beside it exactly as before (roll forward and release)', async () => {
    const rolled = await marchPlan();
    await berlin(rolled.id);
    const usd = await search(rolled.id);
    expect((await t.post(CLOSE, { MarketingPlanId: rolled.id, Month: '2026-03', Unspent: 'RollForward' }, owner)).status).toBe(200);
    expect(await monthsOf(usd.id)).toEqual({ '2026-03': { minor: null, cents: 40_000 }, '2026-04': { minor: null, cents: 60_000 } });
    expect(await itemOf(usd.id)).toEqual({ minor: null, cents: 100_000 });
    expect(await changesOf(usd.id)).toEqual([
      ['2026-03', 3, 100_000, 40_000],
      ['2026-04', 3, 0, 60_000],
    ]);

    const released = await marchPlan();
    await berlin(released.id);
    const usd2 = await search(released.id);
    expect((await t.post(CLOSE, { MarketingPlanId: released.id, Month: '2026-03', Unspent: 'Release' }, owner)).status).toBe(200);
    expect(await monthsOf(usd2.id)).toEqual({ '2026-03': { minor: null, cents: 40_000 } });
    expect(await itemOf(usd2.id)).toEqual({ minor: null, cents: 40_000 });
    expect(await changesOf(usd2.id)).toEqual([['2026-03', 4, 100_000, 40_000]]);
  });
});

describe('baseToOwnMinor', () => {
  it('inverts the budget rate exactly, half away from zero, across minor units', () => {
    expect(baseToOwnMinor(54_125, 'EUR', '1.08250000', 'USD')).toBe(50_000);
    expect(baseToOwnMinor(58_250, 'EUR', '1.08250000', 'USD')).toBe(53_811);
    // $6.70 at ¥1 = $0.0067: ¥1,000 (no decimals); 1 KWD = $3.25: $1.00 = 0.308 KWD (3 decimals)
    expect(baseToOwnMinor(670, 'JPY', '0.00670000', 'USD')).toBe(1000);
    expect(baseToOwnMinor(100, 'KWD', '3.25000000', 'USD')).toBe(308);
  });
});
