// Issue 34 item 5 / DESIGN.md §17: an import maps a Currency column. Each row's amount is read with
// its currency's decimals (JPY 0, EUR 2, KWD 3), an unknown code is the row's error, and a missing
// rate is named per row in the preview, in the database's own words. Figures are computed by hand.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMIT, PREVIEW, previewBody, setup } from '../../../test/imports-fixture.ts';
import { createItem, createPlan, insertRate } from '../../../test/planning-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type Fixture = Awaited<ReturnType<typeof setup>>;

const rates = async (f: Fixture, list: [currency: string, month: string, rate: string][]) => {
  for (const [currency, month, rate] of list) await insertRate(t, f.tenant.id, currency, month, rate);
};

const MARCH_RATES: [string, string, string][] = [
  ['EUR', '2026-02', '1.08'],
  ['EUR', '2026-03', '1.0825'],
  ['GBP', '2026-03', '1.265'],
  ['JPY', '2026-03', '0.0067'],
  ['KWD', '2026-03', '3.25'],
  ['CHF', '2026-05', '1.13'],
];

const expenseRows = (f: Fixture) =>
  t.database.queryRows<{ name: string; currency: string | null; minor: string | null; cents: string }>(
    `SELECT name, currency, amount_minor::text AS minor, amount_cents::text AS cents FROM expenses
      WHERE tenant_id = $1 AND marketing_plan_id = $2 AND name <> 'Existing' ORDER BY name`,
    [f.tenant.id, f.plan.id],
  );

const EXPENSES = [
  'Purchase date,Payee,Amount,Currency,Budget item',
  // €1,200.50 × 1.0825 = $1,299.54125 → $1,299.54
  '2026-03-10,Hotel Adlon,"1.200,50",EUR,Paid search',
  // £19.99 × 1.265 = $25.28735 → $25.29 (the code in any case)
  '2026-03-11,Eventbrite UK,19.99,gbp,Paid search',
  '2026-04-02,Hotel April,100,EUR,Paid search',
  '2026-03-12,Nowhere,10,EURO,Paid search',
  '2026-03-12,Tokyo half,1234.5,JPY,Paid search',
  // Blank: the item's currency, EUR. €50.00 × 1.0825 = $54.125 → $54.13 (half a cent away from zero)
  '2026-03-13,Messe Berlin,50,,Berlin events',
  // KWD 1.005 × 3.25 = $3.26625 → $3.27; ¥1,234 × 0.0067 = $8.2678 → $8.27
  '2026-03-14,Kuwait stand,1.005,KWD,Paid search',
  '2026-03-14,Tokyo,"1,234",JPY,Paid search',
  // The base currency named: stored as a base row (no currency of its own)
  '2026-03-15,Google,19.99,USD,Paid search',
].join('\n');

describe('an expenses file with a Currency column', () => {
  it('previews each row in its own currency: decimals per currency, an unknown code and a missing rate named per row', async () => {
    const f = await setup(t);
    await rates(f, MARCH_RATES);
    await createItem(t, f.tenant, {
      planId: f.plan.id,
      categoryId: f.media.id,
      amountCents: 0,
      currency: 'EUR',
      amountMinor: 100_000,
      name: 'Berlin events',
    });
    const response = await t.post(PREVIEW, previewBody(f.plan.id, EXPENSES), f.token);
    expect(response.status).toBe(200);
    const preview = response.body.Result;
    expect(preview.Mapping).toMatchObject({ Currency: 'Currency', Amount: 'Amount' });
    expect(preview.Fields.map((field: { Field: string }) => field.Field)).toContain('Currency');
    expect(preview.Counts).toMatchObject({ Rows: 9, Valid: 6, Invalid: 3 });
    const errors = Object.fromEntries(preview.Rows.map((row: { Row: number; Errors: unknown[] }) => [row.Row, row.Errors]));
    expect(errors[4]).toEqual([
      { Field: 'Currency', Message: 'There is no EUR rate for April 2026: an Admin enters it under Account › Currencies.' },
    ]);
    expect(errors[5]).toEqual([
      { Field: 'Currency', Message: 'Currency “EURO” is not a currency code Plansmith supports (ISO 4217, such as EUR or GBP).' },
    ]);
    expect(errors[6]).toEqual([{ Field: 'Amount', Message: 'Amount in JPY can have no decimals.' }]);
    for (const row of [2, 3, 7, 8, 9, 10]) expect(errors[row]).toEqual([]);
  });

  it('commits each valid row with its own amount and the base amount the trigger computes; a second commit finds them all duplicates', async () => {
    const f = await setup(t);
    await rates(f, MARCH_RATES);
    await createItem(t, f.tenant, {
      planId: f.plan.id,
      categoryId: f.media.id,
      amountCents: 0,
      currency: 'EUR',
      amountMinor: 100_000,
      name: 'Berlin events',
    });
    const committed = await t.post(COMMIT, { ...previewBody(f.plan.id, EXPENSES), SkipDuplicates: true }, f.token);
    expect(committed.status).toBe(200);
    expect(committed.body.Result).toMatchObject({ Created: 6, Invalid: 3 });
    expect(await expenseRows(f)).toEqual([
      { name: 'Eventbrite UK', currency: 'GBP', minor: '1999', cents: '2529' },
      { name: 'Google', currency: null, minor: null, cents: '1999' },
      { name: 'Hotel Adlon', currency: 'EUR', minor: '120050', cents: '129954' },
      { name: 'Kuwait stand', currency: 'KWD', minor: '1005', cents: '327' },
      { name: 'Messe Berlin', currency: 'EUR', minor: '5000', cents: '5413' },
      { name: 'Tokyo', currency: 'JPY', minor: '1234', cents: '827' },
    ]);
    // The duplicate keys compare base amounts: the preview's conversion is the database's, to the cent.
    const again = await t.post(COMMIT, { ...previewBody(f.plan.id, EXPENSES), SkipDuplicates: true }, f.token);
    expect(again.status).toBe(400);
    expect(again.body.Message).toBe('Nothing to import: every valid row duplicates one the plan already has.');
  });
});

const ITEMS = [
  'Name,Budget category,Currency,Amount,Jan 2026,Feb 2026',
  // The plan's currency, EUR: the months €600.00 + €600.00, each × 1.0825 = $649.50 → item $1,299.00
  'Berlin fair,Paid media,,"1.200,00",600,"600,00"',
  // £999.99 × 1.265 = $1,264.98735 → $1,264.99 (not phased: the amount converted)
  'London PR,Paid media,GBP,999.99,,',
  'Zurich,Paid media,CHF,100,,',
  'Tokyo,Paid media,JPY,100.5,,',
  'Paris,Paid media,,1100,600,600',
  'New York,Paid media,USD,19.99,,',
  'Bad,Paid media,XYZ,1,,',
  // KWD 1.234 × 3.25 = $4.0105 → $4.01
  'Kuwait,Paid media,KWD,1.234,,',
].join('\n');

describe('a budget items file with a Currency column', () => {
  it('reads each item in its currency (blank: the plan’s) at the plan’s budget rate, and names a missing rate per row', async () => {
    const f = await setup(t);
    await rates(f, MARCH_RATES);
    // A plan in EUR whose budget rate is March's (the latest rate on or before it: CHF has only May's).
    await t.database.queryRows(
      "UPDATE marketing_plans SET currency = 'EUR', budget_rate_month = '2026-03-01' WHERE tenant_id = $1 AND id = $2",
      [f.tenant.id, f.plan.id],
    );
    const body = { ...previewBody(f.plan.id, ITEMS), Kind: 'BudgetItems', FileName: 'items.csv' };
    const preview = (await t.post(PREVIEW, body, f.token)).body.Result;
    expect(preview.Mapping).toMatchObject({ Currency: 'Currency', 'Month:2026-01': 'Jan 2026' });
    const errors = Object.fromEntries(preview.Rows.map((row: { Row: number; Errors: unknown[] }) => [row.Row, row.Errors]));
    expect(errors[4]).toEqual([
      { Field: 'Currency', Message: 'There is no CHF rate for March 2026: an Admin enters it under Account › Currencies.' },
    ]);
    expect(errors[5]).toEqual([{ Field: 'Amount', Message: 'Amount in JPY can have no decimals.' }]);
    expect(errors[6]).toEqual([
      { Field: 'Amount', Message: 'The months add up to €1,200.00, but the amount is €1,100.00. They must be equal.' },
    ]);
    expect(errors[8]).toEqual([
      { Field: 'Currency', Message: 'Currency “XYZ” is not a currency code Plansmith supports (ISO 4217, such as EUR or GBP).' },
    ]);
    for (const row of [2, 3, 7, 9]) expect(errors[row]).toEqual([]);

    const committed = await t.post(COMMIT, { ...body, SkipDuplicates: true }, f.token);
    expect(committed.body.Result).toMatchObject({ Created: 4, Invalid: 4 });
    const items = await t.database.queryRows<{ name: string; currency: string | null; minor: string | null; cents: string }>(
      `SELECT name, currency, amount_minor::text AS minor, amount_cents::text AS cents FROM budget_items
        WHERE tenant_id = $1 AND marketing_plan_id = $2 AND name NOT IN ('Paid search', 'Events') ORDER BY name`,
      [f.tenant.id, f.plan.id],
    );
    expect(items).toEqual([
      { name: 'Berlin fair', currency: 'EUR', minor: '120000', cents: '129900' },
      { name: 'Kuwait', currency: 'KWD', minor: '1234', cents: '401' },
      { name: 'London PR', currency: 'GBP', minor: '99999', cents: '126499' },
      { name: 'New York', currency: null, minor: null, cents: '1999' },
    ]);
    const months = await t.database.queryRows<{ month: string; minor: string; cents: string }>(
      `SELECT to_char(m.month, 'YYYY-MM') AS month, m.amount_minor::text AS minor, m.amount_cents::text AS cents
         FROM budget_item_months m JOIN budget_items i ON i.tenant_id = m.tenant_id AND i.id = m.budget_item_id
        WHERE i.tenant_id = $1 AND i.name = 'Berlin fair' ORDER BY m.month`,
      [f.tenant.id],
    );
    expect(months).toEqual([
      { month: '2026-01', minor: '60000', cents: '64950' },
      { month: '2026-02', minor: '60000', cents: '64950' },
    ]);
  });
});

describe('a foreign item imported without months into a plan with a closed month', () => {
  it('is spread over the open months in its own currency, each month converted (not refused as a base-only write)', async () => {
    const f = await setup(t);
    await rates(f, [['EUR', '2026-01', '1.08']]);
    const plan = await createPlan(t, f.tenant, { startDate: '2026-01-01', endDate: '2026-06-30' });
    await t.database.queryRows("UPDATE marketing_plans SET budget_rate_month = '2026-01-01' WHERE tenant_id = $1 AND id = $2", [
      f.tenant.id,
      plan.id,
    ]);
    const owner = await f.tenant.tokenFor('owner');
    const closed = await t.post(
      '/api/PlanPeriodClient/Close',
      { MarketingPlanId: plan.id, Month: '2026-01', Unspent: 'RollForward' },
      owner,
    );
    expect(closed.status, closed.text).toBe(200);
    const csv = ['Name,Budget category,Currency,Amount', 'Stand,Paid media,EUR,500.01'].join('\n');
    const committed = await t.post(
      COMMIT,
      { ...previewBody(plan.id, csv), Kind: 'BudgetItems', FileName: 'items.csv', SkipDuplicates: true },
      owner,
    );
    expect(committed.status, committed.text).toBe(200);
    // €500.01 over February–June: €100.01 + 4 × €100.00; × 1.08 = $108.0108 → $108.01 and $108.00 each: $540.01
    const months = await t.database.queryRows<{ month: string; minor: string; cents: string }>(
      `SELECT to_char(m.month, 'YYYY-MM') AS month, m.amount_minor::text AS minor, m.amount_cents::text AS cents
         FROM budget_item_months m JOIN budget_items i ON i.tenant_id = m.tenant_id AND i.id = m.budget_item_id
        WHERE i.tenant_id = $1 AND i.marketing_plan_id = $2 AND i.name = 'Stand' ORDER BY m.month`,
      [f.tenant.id, plan.id],
    );
    expect(months).toEqual([
      { month: '2026-02', minor: '10001', cents: '10801' },
      { month: '2026-03', minor: '10000', cents: '10800' },
      { month: '2026-04', minor: '10000', cents: '10800' },
      { month: '2026-05', minor: '10000', cents: '10800' },
      { month: '2026-06', minor: '10000', cents: '10800' },
    ]);
    const [item] = await t.database.queryRows<{ minor: string; cents: string }>(
      "SELECT amount_minor::text AS minor, amount_cents::text AS cents FROM budget_items WHERE tenant_id = $1 AND marketing_plan_id = $2 AND name = 'Stand'",
      [f.tenant.id, plan.id],
    );
    expect(item).toEqual({ minor: '50001', cents: '54001' });
  });
});

describe('a money column named with its currency', () => {
  it('maps “Budgeted (USD)” to Amount, as the report export names its money columns', async () => {
    const f = await setup(t);
    const csv = ['Category,Budgeted (USD),Actual (USD)', 'Paid media,"1,200.50",10'].join('\n');
    const preview = (await t.post(PREVIEW, { ...previewBody(f.plan.id, csv), Kind: 'BudgetItems', FileName: 'report.csv' }, f.token)).body
      .Result;
    expect(preview.Mapping).toMatchObject({ Category: 'Category', Amount: 'Budgeted (USD)' });
    expect(preview.Rows[0].Errors).toEqual([]);
  });
});

describe('an imported expense in another currency and the approval threshold', () => {
  it('compares the base amount: €47.00 ($50.88) waits at a $50.00 threshold, ¥7,000 ($46.90) does not', async () => {
    const f = await setup(t);
    await rates(f, MARCH_RATES);
    const owner = await f.tenant.tokenFor('owner');
    const policy = (await t.post('/api/ApprovalClient/GetPolicy', { TeamId: f.tenant.teamId }, owner)).body.Result;
    const saved = await t.post(
      '/api/ApprovalClient/SavePolicy',
      { TeamId: f.tenant.teamId, ExpenseThreshold: 50, BudgetChangeThreshold: null, Approvers: 'Leads', Version: policy.Version },
      owner,
    );
    expect(saved.status, saved.text).toBe(200);
    const csv = [
      'Purchase date,Payee,Amount,Currency,Budget item',
      // €47.00 × 1.0825 = $50.8775 → $50.88: at or above $50.00
      '2026-03-10,Euro vendor,47,EUR,Paid search',
      // ¥7,000 × 0.0067 = $46.90: below, though 7,000 is above 50
      '2026-03-10,Yen vendor,7000,JPY,Paid search',
    ].join('\n');
    const committed = await t.post(COMMIT, { ...previewBody(f.plan.id, csv), SkipDuplicates: true }, f.token);
    expect(committed.status, committed.text).toBe(200);
    const rows = await t.database.queryRows<{ payee: string; approval: number; cents: string }>(
      `SELECT payee, approval, amount_cents::text AS cents FROM expenses WHERE tenant_id = $1 AND marketing_plan_id = $2 AND payee LIKE '%vendor' ORDER BY payee`,
      [f.tenant.id, f.plan.id],
    );
    expect(rows).toEqual([
      { payee: 'Euro vendor', approval: 1, cents: '5088' },
      { payee: 'Yen vendor', approval: 0, cents: '4690' },
    ]);
  });
});
