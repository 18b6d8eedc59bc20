// Issue 34 / DESIGN.md §17: a play and "copy to next year" carry a foreign item's currency and own
// amounts (item and months) and the plan's Currency; the base figures are the triggers' at the new
// plan's budget rate (migration 1070). Base-currency items copy cent by cent as before.
// Figures by hand at EUR 1.0825 (March 2026):
//   €1,200.00 = 120,000 minor × 1.0825 = 129,900 cents ($1,299.00);
//   €600.00 → $649.50 (64,950); €400.01 → 43,301.0825 → $433.01 (43,301); phased item = 108,251.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { createCategory, createItem, createPlan, insertRate } from '../../../test/planning-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const API = '/api/PlaybookClient';
let t: TestApp;
let acme: TestTenant;
let token: string;
let categoryId: string;

const rate = (currency: string, month: string, value: string) => insertRate(t, acme.id, currency, month, value);

type Stored = { name: string; currency: string | null; minor: string | null; cents: string; months: string | null };
/** A plan's items with their months ("YYYY-MM minor/cents"), by name, as the database holds them. */
const storedItems = (planId: string) =>
  t.database.queryRows<Stored>(
    `SELECT i.name, i.currency, i.amount_minor::text AS minor, i.amount_cents::text AS cents,
       (SELECT string_agg(to_char(m.month, 'YYYY-MM') || ' ' || coalesce(m.amount_minor::text, '-') || '/' || m.amount_cents, ', ' ORDER BY m.month)
          FROM budget_item_months m WHERE m.tenant_id = i.tenant_id AND m.budget_item_id = i.id) AS months
     FROM budget_items i WHERE i.tenant_id = $1 AND i.marketing_plan_id = $2 ORDER BY i.name`,
    [acme.id, planId],
  );

const planRow = async (planId: string) =>
  (
    await t.database.queryRows<{ currency: string | null; rate_month: string }>(
      "SELECT currency, to_char(budget_rate_month, 'YYYY-MM-DD') AS rate_month FROM marketing_plans WHERE id = $1",
      [planId],
    )
  )[0];

const count = async (table: 'marketing_plans' | 'budget_items' | 'budget_item_months') =>
  Number((await t.database.queryRows<{ n: string }>(`SELECT count(*)::text AS n FROM ${table} WHERE tenant_id = $1`, [acme.id]))[0]?.n);

/** An EUR plan (budget rate March 2026): a flat EUR item, a phased EUR item and a phased USD (base) item. */
const makeEurPlan = async (state: 1 | 3 = 1) => {
  const plan = await createPlan(t, acme, { name: `EMEA ${state}`, startDate: '2026-01-01', endDate: '2026-12-31', state });
  await t.database.queryRows("UPDATE marketing_plans SET currency = 'EUR', budget_rate_month = '2026-03-01' WHERE id = $1", [plan.id]);
  await createItem(t, acme, { planId: plan.id, categoryId, amountCents: 0, name: 'Berlin fair', currency: 'EUR', amountMinor: 120_000 });
  await createItem(t, acme, {
    planId: plan.id,
    categoryId,
    amountCents: 0,
    name: 'Booth',
    currency: 'EUR',
    amountMinor: 100_001,
    months: { '2026-01': 60_000, '2026-02': 40_001 },
  });
  await createItem(t, acme, {
    planId: plan.id,
    categoryId,
    amountCents: 49_999,
    name: 'Agency fee',
    months: { '2026-01': 24_999, '2026-02': 25_000 },
  });
  return plan;
};

const expectedItems = (year: string): Stored[] => [
  { name: 'Agency fee', currency: null, minor: null, cents: '49999', months: `${year}-01 -/24999, ${year}-02 -/25000` },
  { name: 'Berlin fair', currency: 'EUR', minor: '120000', cents: '129900', months: null },
  { name: 'Booth', currency: 'EUR', minor: '100001', cents: '108251', months: `${year}-01 60000/64950, ${year}-02 40001/43301` },
];

beforeAll(async () => {
  t = await createTestApp();
  acme = await createTenant(t, { name: 'Acme' });
  token = await acme.tokenFor('owner');
  categoryId = (await createCategory(t, acme, { name: 'Events', categoryType: 1 })).id;
  await rate('EUR', '2026-03', '1.0825');
  await rate('GBP', '2026-03', '1.17');
  // A new plan's budget rate is today's month: March 2026 here.
  t.clock.set(new Date('2026-03-15T12:00:00Z'));
});
afterAll(async () => t.close());

describe('copies keep a foreign item’s currency and own amounts', () => {
  it('the source as the test builds it: €1,200.00 is $1,299.00, the phased €1,000.01 is $1,082.51', async () => {
    const plan = await makeEurPlan();
    expect(await storedItems(plan.id)).toEqual(expectedItems('2026'));
  });

  it('copy to next year: the EUR plan stays EUR, each EUR item keeps €1,200.00 / its months in EUR, the USD item copies cent by cent', async () => {
    const plan = await makeEurPlan();
    const response = await t.post(
      `${API}/CreatePlan`,
      { SourcePlanId: plan.id, Name: 'EMEA 2027', TeamId: acme.teamId, StartDate: '2027-01-01' },
      token,
    );
    expect(response.status, response.text).toBe(200);
    // 499.99 + 1,299.00 + 1,082.51 in the base currency.
    expect(response.body.Result).toMatchObject({ ItemCount: 3, Total: 2881.5, StartDate: '2027-01-01' });
    expect(await planRow(response.body.Result.Id)).toEqual({ currency: 'EUR', rate_month: '2026-03-01' });
    expect(await storedItems(response.body.Result.Id)).toEqual(expectedItems('2027'));
  });

  it('save as a play and a plan from that play carry the currency the same way', async () => {
    const plan = await makeEurPlan();
    const saved = await t.post(`${API}/SaveAsTemplate`, { MarketingPlanId: plan.id, Name: 'EMEA play' }, token);
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.Result).toMatchObject({ ItemCount: 3, Total: 2881.5 });
    expect(await planRow(saved.body.Result.Id)).toEqual({ currency: 'EUR', rate_month: '2026-03-01' });
    expect(await storedItems(saved.body.Result.Id)).toEqual(expectedItems('2026'));

    const created = await t.post(
      `${API}/CreatePlan`,
      { SourcePlanId: saved.body.Result.Id, Name: 'EMEA from play', TeamId: acme.teamId, StartDate: '2027-01-01' },
      token,
    );
    expect(created.status, created.text).toBe(200);
    expect(await planRow(created.body.Result.Id)).toEqual({ currency: 'EUR', rate_month: '2026-03-01' });
    expect(await storedItems(created.body.Result.Id)).toEqual(expectedItems('2027'));
  });

  it('a copy whose budget rate month has no rate yet answers 400 naming the currency and month, writing nothing', async () => {
    const plan = await createPlan(t, acme, { name: 'UK', startDate: '2026-01-01', endDate: '2026-12-31' });
    await t.database.queryRows("UPDATE marketing_plans SET budget_rate_month = '2026-03-01' WHERE id = $1", [plan.id]);
    await createItem(t, acme, { planId: plan.id, categoryId, amountCents: 0, name: 'London', currency: 'GBP', amountMinor: 50_000 });
    await createItem(t, acme, { planId: plan.id, categoryId, amountCents: 10_000, name: 'Base', months: { '2026-01': 10_000 } });
    // February 2026: the first GBP rate is March's, so the new plan's budget rate finds none.
    t.clock.set(new Date('2026-02-10T12:00:00Z'));
    try {
      const before = [await count('marketing_plans'), await count('budget_items'), await count('budget_item_months')];
      for (const [path, body] of [
        ['CreatePlan', { SourcePlanId: plan.id, Name: 'UK 2027', TeamId: acme.teamId, StartDate: '2027-01-01' }],
        ['SaveAsTemplate', { MarketingPlanId: plan.id, Name: 'UK play' }],
      ] as const) {
        const response = await t.post(`${API}/${path}`, body, token);
        expect(response.status, response.text).toBe(400);
        expect(response.text).toContain('There is no GBP rate for February 2026');
      }
      expect([await count('marketing_plans'), await count('budget_items'), await count('budget_item_months')]).toEqual(before);
    } finally {
      t.clock.set(new Date('2026-03-15T12:00:00Z'));
    }
  });
});
