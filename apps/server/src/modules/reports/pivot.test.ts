import { PIVOT_NONE_KEY, PIVOT_NOT_BY_KEY, type PivotRequestInput, type PivotResult, toCents } from '@plansmith/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids.ts';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { createCategory, createExpenseRow, createGlCode, createItem, createPlan } from '../../../test/planning-factories.ts';
import { snapshotTenant } from '../../../test/tenant-snapshot.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const PIVOT = '/api/ReportClient/Pivot';
const REPORT = '/api/ReportingClient/BudgetCategoriesReport';

let t: TestApp;
let tenant: TestTenant;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await createTenant(t);
  admin = await tenant.tokenFor('admin');
});
afterAll(async () => t.close());

const pivot = async (body: PivotRequestInput, token = admin): Promise<PivotResult> => {
  const response = await t.post(PIVOT, body, token);
  expect(response.status, response.text).toBe(200);
  return response.body.Result as PivotResult;
};

const cents = (value: number | null | undefined) => toCents(value ?? 0);
const sumCents = (values: Array<number | null | undefined>) => values.reduce<number>((sum, value) => sum + cents(value), 0);
const MEASURES = ['Budget', 'Planned', 'Committed', 'Actual', 'Forecast', 'Available', 'Variance'] as const;

/** Every line's cells add up to its Total, and the rows (and subtotals) add up to the grand total, cent by cent. */
const expectRowsAddUp = (result: PivotResult) => {
  const measures = result.Measures.filter((measure) => measure !== 'VariancePercent');
  const lines = [...result.Rows, ...result.Subtotals, result.GrandTotal];
  for (const line of lines) {
    if (line.Cells.length === 0) continue;
    for (const measure of measures) {
      if (measure === 'Baseline' && line.Total.Values.Baseline === null) continue;
      expect(sumCents(line.Cells.map((cell) => cell.Values[measure])), measure).toBe(cents(line.Total.Values[measure]));
    }
  }
  for (const measure of measures) {
    if (result.GrandTotal.Total.Values[measure] === null) continue;
    expect(sumCents(result.Rows.map((row) => row.Total.Values[measure])), measure).toBe(cents(result.GrandTotal.Total.Values[measure]));
    if (result.Subtotals.length > 0) {
      expect(sumCents(result.Subtotals.map((row) => row.Total.Values[measure])), measure).toBe(
        cents(result.GrandTotal.Total.Values[measure]),
      );
    }
    result.GrandTotal.Cells.forEach((cell, index) => {
      expect(sumCents(result.Rows.map((row) => row.Cells[index]?.Values[measure]))).toBe(cents(cell.Values[measure]));
    });
  }
};

describe('ReportClient/Pivot against BudgetCategoriesReport', () => {
  it('by category over the plan’s period: each row, the rows’ sum and the grand total equal the category report to the cent', async () => {
    const plan = await createPlan(t, tenant, { startDate: '2026-01-01', endDate: '2026-12-31' });
    const paid = await createCategory(t, tenant, { name: 'Paid media', categoryType: 1 });
    const events = await createCategory(t, tenant, { name: 'Events', categoryType: 1 });
    const software = await createCategory(t, tenant, { name: 'Software', categoryType: 2 });
    // 3,333.33 unphased over 12 months (spread cents), a phased item, an inactive item with spend.
    const search = await createItem(t, tenant, { planId: plan.id, categoryId: paid.id, amountCents: 333_333 });
    const social = await createItem(t, tenant, {
      planId: plan.id,
      categoryId: paid.id,
      amountCents: 120_001,
      months: { '2026-01': 60_000, '2026-06': 60_001 },
    });
    const fair = await createItem(t, tenant, { planId: plan.id, categoryId: events.id, amountCents: 500_000 });
    const old = await createItem(t, tenant, { planId: plan.id, categoryId: software.id, amountCents: 9_999, active: false });
    const spend: Array<[string, number, 1 | 2 | 3, string, boolean?]> = [
      [search.id, 1_999, 3, '2026-01-31'],
      [search.id, 10_001, 2, '2026-02-01'],
      [social.id, 7, 1, '2026-06-30'],
      [fair.id, 123_456, 3, '2026-12-31'],
      [fair.id, 50_000, 3, '2026-05-05', false],
      [old.id, 2_500, 3, '2026-03-15'],
    ];
    for (const [itemId, amountCents, status, purchaseDate, active] of spend) {
      await createExpenseRow(t, tenant, { planId: plan.id, itemId, amountCents, status, purchaseDate, active: active ?? true });
    }
    const report = (await t.post(REPORT, { MarketingPlanId: plan.id }, admin)).body.Result;
    const result = await pivot({
      MarketingPlanIds: [plan.id],
      Rows: ['Category'],
      Columns: 'Month',
      Measures: [...MEASURES],
      From: '2026-01-01',
      To: '2026-12-31',
    });
    expect(result.Columns.map((column) => column.Key)).toEqual([
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
      '2026-12',
    ]);
    expectRowsAddUp(result);
    const byCategory = new Map(result.Rows.map((row) => [row.Keys[0]?.Key, row.Total.Values]));
    for (const row of report.Rows) {
      const values = byCategory.get(row.BudgetCategoryId);
      if (!values) {
        expect(row.Budgeted + row.Planned + row.Committed + row.Actual).toBe(0);
        continue;
      }
      expect(values).toEqual({
        Budget: row.Budgeted,
        Planned: row.Planned,
        Committed: row.Committed,
        Actual: row.Actual,
        Forecast: row.Forecast,
        Available: row.Available,
        Variance: row.Variance,
      });
    }
    expect(result.GrandTotal.Total.Values).toEqual({
      Budget: report.Totals.Budgeted,
      Planned: report.Totals.Planned,
      Committed: report.Totals.Committed,
      Actual: report.Totals.Actual,
      Forecast: report.Totals.Forecast,
      Available: report.Totals.Available,
      Variance: report.Totals.Variance,
    });
    // Hand-summed: 3,333.33 + 1,200.01 + 5,000.00 budget; 19.99 + 1,234.56 + 25.00 actual.
    expect(result.GrandTotal.Total.Values.Budget).toBe(9_533.34);
    expect(result.GrandTotal.Total.Values.Actual).toBe(1_279.55);
    // Month end and month start stay in their own months.
    const paidRow = result.Rows.find((row) => row.Keys[0]?.Key === paid.id);
    expect(paidRow?.Cells[0]?.Values.Actual).toBe(19.99);
    expect(paidRow?.Cells[1]?.Values.Committed).toBe(100.01);
    expect(paidRow?.Cells[0]?.Values.Budget).toBe(877.78); // 277.78 (spread, first month takes the odd cent) + 600.00

    // Two dimensions: the subtotals per category are the one-dimension rows.
    const two = await pivot({
      MarketingPlanIds: [plan.id],
      Rows: ['Category', 'ItemType'],
      Columns: 'Quarter',
      Measures: [...MEASURES],
      From: '2026-01-01',
      To: '2026-12-31',
    });
    expectRowsAddUp(two);
    expect(two.Columns.map((column) => column.Label)).toEqual(['Q1 2026', 'Q2 2026', 'Q3 2026', 'Q4 2026']);
    expect(two.Subtotals.map((row) => [row.Key.Key, row.Total.Values])).toEqual(
      result.Rows.map((row) => [row.Keys[0]?.Key, row.Total.Values]),
    );
    expect(two.GrandTotal.Total).toEqual(result.GrandTotal.Total);
  });
});

describe('ReportClient/Pivot comparison', () => {
  it('PriorPeriod and PriorYear on a hand-computed fixture: each column against the same months shifted, to the cent', async () => {
    const plan = await createPlan(t, tenant, { startDate: '2026-01-01', endDate: '2026-12-31' });
    const category = await createCategory(t, tenant, { name: 'Field events', categoryType: 1 });
    const booth = await createItem(t, tenant, {
      planId: plan.id,
      categoryId: category.id,
      amountCents: 210_000,
      months: { '2026-01': 10_000, '2026-02': 20_000, '2026-03': 30_000, '2026-04': 40_000, '2026-05': 50_000, '2026-06': 60_000 },
    });
    const spend: Array<[number, 1 | 2 | 3, string]> = [
      [1_999, 3, '2026-01-31'],
      [1, 2, '2026-03-31'],
      [5_000, 3, '2026-04-01'],
      [50, 3, '2026-05-15'],
      [1_234, 1, '2026-06-30'],
      [7_525, 3, '2025-05-20'],
      [999, 3, '2025-03-31'],
    ];
    for (const [amountCents, status, purchaseDate] of spend) {
      await createExpenseRow(t, tenant, { planId: plan.id, itemId: booth.id, amountCents, status, purchaseDate });
    }
    const measures = ['Budget', 'Planned', 'Committed', 'Actual', 'Forecast', 'Available', 'Variance', 'VariancePercent'] as const;
    // Mid-month dates: the period is its whole months, April to June.
    const prior = await pivot({
      MarketingPlanIds: [plan.id],
      Rows: ['Category'],
      Columns: 'Month',
      Measures: [...measures],
      From: '2026-04-10',
      To: '2026-06-05',
      Compare: 'PriorPeriod',
    });
    expect([prior.From, prior.To, prior.CompareFrom, prior.CompareTo]).toEqual(['2026-04-01', '2026-06-30', '2026-01-01', '2026-03-31']);
    expect(prior.Columns.map((column) => [column.Key, column.Label, column.CompareFrom, column.CompareTo])).toEqual([
      ['2026-04', 'Apr 2026', '2026-01-01', '2026-01-31'],
      ['2026-05', 'May 2026', '2026-02-01', '2026-02-28'],
      ['2026-06', 'Jun 2026', '2026-03-01', '2026-03-31'],
    ]);
    expect(prior.Rows).toHaveLength(1);
    const [row] = prior.Rows;
    const line = (budget: number, planned: number, committed: number, actual: number, forecast: number) => ({
      Budget: budget,
      Planned: planned,
      Committed: committed,
      Actual: actual,
      Forecast: forecast,
      Available: Math.round((budget - committed - actual) * 100) / 100,
      Variance: Math.round((budget - actual) * 100) / 100,
      VariancePercent: budget === 0 ? null : Math.round(((budget - actual) / budget) * 10_000) / 100,
    });
    expect(row?.Cells.map((cell) => [cell.Values, cell.Compare])).toEqual([
      [line(400, 0, 0, 50, 400), line(100, 0, 0, 19.99, 100)],
      [line(500, 0, 0, 0.5, 500), line(200, 0, 0, 0, 200)],
      [line(600, 12.34, 0, 0, 600), line(300, 0, 0.01, 0, 300)],
    ]);
    expect(row?.Total.Values).toEqual(line(1500, 12.34, 0, 50.5, 1500));
    expect(row?.Total.Values.VariancePercent).toBe(96.63);
    expect(row?.Total.Compare).toEqual(line(600, 0, 0.01, 19.99, 600));
    expect(row?.Total.Compare?.Available).toBe(580);
    expect(prior.GrandTotal.Total).toEqual(row?.Total);

    // Prior year by quarter: April–June 2025 holds one actual (the March 31 one is outside).
    const year = await pivot({
      MarketingPlanIds: [plan.id],
      Rows: ['Category'],
      Columns: 'Quarter',
      Measures: ['Budget', 'Actual'],
      From: '2026-04-01',
      To: '2026-06-30',
      Compare: 'PriorYear',
    });
    expect(year.Columns.map((column) => [column.Label, column.From, column.To, column.CompareFrom, column.CompareTo])).toEqual([
      ['Q2 2026', '2026-04-01', '2026-06-30', '2025-04-01', '2025-06-30'],
    ]);
    expect(year.GrandTotal.Cells[0]).toEqual({ Values: { Budget: 1500, Actual: 50.5 }, Compare: { Budget: 0, Actual: 75.25 } });
    expect(year.GrandTotal.Total).toEqual({ Values: { Budget: 1500, Actual: 50.5 }, Compare: { Budget: 0, Actual: 75.25 } });

    // Without a comparison, Compare is null everywhere.
    const plain = await pivot({
      MarketingPlanIds: [plan.id],
      Rows: ['Category'],
      Columns: 'None',
      Measures: ['Actual'],
      From: '2026-04-01',
      To: '2026-06-30',
    });
    expect(plain.Columns).toEqual([]);
    expect(plain.GrandTotal).toEqual({ Cells: [], Total: { Values: { Actual: 50.5 }, Compare: null } });
    expect([plain.CompareFrom, plain.CompareTo]).toEqual([null, null]);
  });
});

/** A custom field row straight in the table (Part C's migration 1045). */
const createField = async (entity: 1 | 2 | 3, name: string, type: 1 | 2 | 3 | 4 | 5, options: string[] = []) => {
  const id = newId();
  await t.ctx.db.execute(
    sql`INSERT INTO custom_fields (tenant_id, id, entity, name, type, options) VALUES (${tenant.id}, ${id}, ${entity}, ${name}, ${type}, ${JSON.stringify(options)}::jsonb)`,
  );
  return id;
};

describe('ReportClient/Pivot dimensions', () => {
  let plan: Awaited<ReturnType<typeof createPlan>>;
  let second: Awaited<ReturnType<typeof createPlan>>;
  const ids = {} as Record<'region' | 'channel' | 'score' | 'tier' | 'market' | 'campaign', string>;
  const period = { From: '2026-01-01', To: '2026-12-31' } as const;
  const run = (Rows: string[], extra: Partial<PivotRequestInput> = {}) =>
    pivot({
      MarketingPlanIds: [plan.id, second.id],
      Rows,
      Columns: 'Quarter',
      Measures: ['Budget', 'Actual', 'Forecast'],
      ...period,
      ...extra,
    });
  const labels = (result: PivotResult) =>
    result.Rows.map((row) => [row.Keys.map((key) => key.Label), row.Total.Values.Budget, row.Total.Values.Actual]);

  beforeAll(async () => {
    plan = await createPlan(t, tenant, { name: 'Dimensions plan' });
    second = await createPlan(t, tenant, { name: 'Second plan' });
    const paid = await createCategory(t, tenant, { name: 'Dim paid', categoryType: 1 });
    const staff = await createCategory(t, tenant, { name: 'Dim staff', categoryType: 3 });
    const gl = await createGlCode(t, tenant, 'GL 7200');
    ids.region = await createField(1, 'Region', 4, ['EMEA', 'NA', 'APAC']);
    ids.channel = await createField(1, 'Channel', 5, ['Web', 'Email', 'Events']);
    ids.score = await createField(1, 'Score', 2);
    ids.tier = await createField(3, 'Tier', 4, ['Gold', 'Silver']);
    ids.market = await createField(2, 'Market', 4, ['DACH', 'Nordics']);
    const campaign = newId();
    await t.ctx.db.execute(
      sql`INSERT INTO campaigns (tenant_id, id, marketing_plan_id, name, owner_id, start_date, end_date, custom_fields)
          VALUES (${tenant.id}, ${campaign}, ${plan.id}, 'Spring launch', ${tenant.users.admin.id}, '2026-03-01', '2026-05-31', ${JSON.stringify({ [ids.tier]: 'Gold' })}::jsonb)`,
    );
    ids.campaign = campaign;
    // Search: EMEA, Web+Email, score 3, GL 7200, in the campaign; Payroll: NA, type 2; Second plan's item: nothing set.
    const search = await createItem(t, tenant, { planId: plan.id, categoryId: paid.id, amountCents: 120_000, name: 'Search' });
    const payroll = await createItem(t, tenant, {
      planId: plan.id,
      categoryId: staff.id,
      amountCents: 60_001,
      itemType: 2,
      name: 'Payroll',
    });
    const other = await createItem(t, tenant, { planId: second.id, categoryId: paid.id, amountCents: 1_999, name: 'Other' });
    await t.ctx.db.execute(
      sql`UPDATE budget_items SET campaign_id = ${campaign}, general_ledger_code_id = ${gl.id},
            custom_fields = ${JSON.stringify({ [ids.region]: 'EMEA', [ids.channel]: ['Web', 'Email'], [ids.score]: 3 })}::jsonb
          WHERE tenant_id = ${tenant.id} AND id = ${search.id}`,
    );
    await t.ctx.db.execute(
      sql`UPDATE budget_items SET custom_fields = ${JSON.stringify({ [ids.region]: 'NA' })}::jsonb WHERE tenant_id = ${tenant.id} AND id = ${payroll.id}`,
    );
    await createExpenseRow(t, tenant, {
      planId: plan.id,
      itemId: search.id,
      amountCents: 1_999,
      payee: 'Acme',
      purchaseDate: '2026-02-28',
    });
    await createExpenseRow(t, tenant, {
      planId: plan.id,
      itemId: search.id,
      amountCents: 5_000,
      payee: 'Globex',
      purchaseDate: '2026-04-01',
    });
    await createExpenseRow(t, tenant, {
      planId: plan.id,
      itemId: payroll.id,
      amountCents: 1,
      payee: null,
      categoryType: 3,
      purchaseDate: '2026-12-31',
    });
    const tagged = await createExpenseRow(t, tenant, {
      planId: second.id,
      itemId: other.id,
      amountCents: 250,
      payee: 'Acme',
      purchaseDate: '2026-07-01',
    });
    await t.ctx.db.execute(
      sql`UPDATE expenses SET custom_fields = ${JSON.stringify({ [ids.market]: 'DACH' })}::jsonb WHERE tenant_id = ${tenant.id} AND id = ${tagged.id}`,
    );
  });

  it('every dimension splits the same totals (Budget 1,820.00, Actual 72.50), with its own labels and rows that add up', async () => {
    const expected: Record<string, unknown[]> = {
      Category: [
        [['Dim paid'], 1219.99, 72.49],
        [['Dim staff'], 600.01, 0.01],
      ],
      CategoryType: [
        [['Productive'], 1219.99, 72.49],
        [['Personnel'], 600.01, 0.01],
      ],
      ItemType: [
        [['Productive'], 1219.99, 72.49],
        [['Operational'], 600.01, 0.01],
      ],
      GLCode: [
        [['GL 7200'], 1200, 69.99],
        [['(No GL code)'], 620, 2.51],
      ],
      Campaign: [
        [['Spring launch'], 1200, 69.99],
        [['(No campaign)'], 620, 2.51],
      ],
      Owner: [
        [[`Admin ${tenant.name}`], 1200, 69.99],
        [['(No owner)'], 620, 2.51],
      ],
      Team: [[[`${tenant.name} Team`], 1820, 72.5]],
      Plan: [
        [['Dimensions plan'], 1800.01, 70],
        [['Second plan'], 19.99, 2.5],
      ],
      Payee: [
        [['Acme'], 0, 22.49],
        [['Globex'], 0, 50],
        [['(No payee)'], 0, 0.01],
        [['(Not by payee)'], 1820, 0],
      ],
      [`Field:${ids.region}`]: [
        [['EMEA'], 1200, 69.99],
        [['NA'], 600.01, 0.01],
        [['(No Region)'], 19.99, 2.5],
      ],
      [`Field:${ids.channel}`]: [
        [['Web, Email'], 1200, 69.99],
        [['(No Channel)'], 620, 2.51],
      ],
      [`Field:${ids.score}`]: [
        [['3'], 1200, 69.99],
        [['(No Score)'], 620, 2.51],
      ],
      [`Field:${ids.tier}`]: [
        [['Gold'], 1200, 69.99],
        [['(No Tier)'], 620, 2.51],
      ],
      [`Field:${ids.market}`]: [
        [['DACH'], 0, 2.5],
        [['(No Market)'], 0, 70],
        [['(Not by Market)'], 1820, 0],
      ],
    };
    for (const [dimension, rows] of Object.entries(expected)) {
      const result = await run([dimension]);
      expect(labels(result), dimension).toEqual(rows);
      // Forecast: Other's July takes its 2.50 actual over its 1.67 budget.
      expect(result.GrandTotal.Total.Values, dimension).toEqual({ Budget: 1820, Actual: 72.5, Forecast: 1820.83 });
      expectRowsAddUp(result);
    }
    const payee = await run(['Payee']);
    expect(payee.Dimensions).toEqual([{ Dimension: 'Payee', Label: 'Payee' }]);
    expect(payee.Rows.at(-1)?.Keys[0]?.Key).toBe(PIVOT_NOT_BY_KEY);
    expect(payee.Rows.at(-2)?.Keys[0]?.Key).toBe(PIVOT_NONE_KEY);
    const region = await run([`Field:${ids.region.toUpperCase()}`]);
    expect(region.Dimensions).toEqual([{ Dimension: `Field:${ids.region}`, Label: 'Region' }]);
  });

  it('by Payee alone (groups not split by item): each status per payee and quarter to the cent, as split by item, and an expense on another plan’s item is left out', async () => {
    const payeePlan = await createPlan(t, tenant, { name: 'Payee plan' });
    const brand = await createCategory(t, tenant, { name: 'Payee brand', categoryType: 1 });
    const tools = await createCategory(t, tenant, { name: 'Payee tools', categoryType: 2 });
    const ads = await createItem(t, tenant, { planId: payeePlan.id, categoryId: brand.id, amountCents: 10_000, name: 'Ads' });
    const crm = await createItem(t, tenant, { planId: payeePlan.id, categoryId: tools.id, amountCents: 10_000, name: 'CRM' });
    // Another plan of its own: the tests after this one report on `plan` and `second`.
    const otherPlan = await createPlan(t, tenant, { name: 'Payee other plan' });
    const elsewhere = await createItem(t, tenant, { planId: otherPlan.id, categoryId: brand.id, amountCents: 100, name: 'Elsewhere' });
    const spend: Array<[string, number, 1 | 2 | 3, string]> = [
      // One payee, one month, three statuses on two items: one group when not split by item.
      [ads.id, 1_001, 1, '2026-03-01'],
      [crm.id, 2_002, 2, '2026-03-31'],
      [ads.id, 3, 3, '2026-03-15'],
      [crm.id, 100, 3, '2026-06-30'],
    ];
    for (const [itemId, amountCents, status, purchaseDate] of spend) {
      await createExpenseRow(t, tenant, { planId: payeePlan.id, itemId, amountCents, status, purchaseDate, payee: 'Initech' });
    }
    // Recorded in this plan against another plan's item: no item of the report carries it.
    await createExpenseRow(t, tenant, {
      planId: payeePlan.id,
      itemId: elsewhere.id,
      amountCents: 9_999,
      purchaseDate: '2026-03-02',
      payee: 'Initech',
    });
    const measures = ['Planned', 'Committed', 'Actual'] as const;
    const body: Omit<PivotRequestInput, 'Rows'> = {
      MarketingPlanIds: [payeePlan.id],
      Columns: 'Quarter',
      Measures: [...measures],
      ...period,
    };
    const alone = await pivot({ ...body, Rows: ['Payee'] });
    const initech = alone.Rows.find((row) => row.Keys[0]?.Label === 'Initech');
    expect(initech?.Total.Values).toEqual({ Planned: 10.01, Committed: 20.02, Actual: 1.03 });
    expect(initech?.Cells.map((cell) => cell.Values)).toEqual([
      { Planned: 10.01, Committed: 20.02, Actual: 0.03 },
      { Planned: 0, Committed: 0, Actual: 1 },
      { Planned: 0, Committed: 0, Actual: 0 },
      { Planned: 0, Committed: 0, Actual: 0 },
    ]);
    expectRowsAddUp(alone);
    const split = await pivot({ ...body, Rows: ['Category', 'Payee'] });
    const splitInitech = split.Rows.filter((row) => row.Keys[1]?.Label === 'Initech');
    expect(splitInitech.map((row) => row.Keys[0]?.Label)).toEqual(['Payee brand', 'Payee tools']);
    for (const measure of measures) {
      expect(sumCents(splitInitech.map((row) => row.Total.Values[measure])), measure).toBe(cents(initech?.Total.Values[measure]));
    }
    expect(alone.GrandTotal.Total.Values).toEqual(split.GrandTotal.Total.Values);
  });

  it('two dimensions, an item one and an expense one: subtotals per first dimension, rows and subtotals add up to the total', async () => {
    const result = await run(['Category', 'Payee']);
    expectRowsAddUp(result);
    expect(result.Subtotals.map((row) => [row.Key.Label, row.Total.Values.Budget, row.Total.Values.Actual])).toEqual([
      ['Dim paid', 1219.99, 72.49],
      ['Dim staff', 600.01, 0.01],
    ]);
    expect(labels(result)).toEqual([
      [['Dim paid', 'Acme'], 0, 22.49],
      [['Dim paid', 'Globex'], 0, 50],
      [['Dim paid', '(Not by payee)'], 1219.99, 0],
      [['Dim staff', '(No payee)'], 0, 0.01],
      [['Dim staff', '(Not by payee)'], 600.01, 0],
    ]);
  });

  it('filters: by key, by a Select option, by a MultiSelect option (any of), and by an expense-level value with and without the budget side', async () => {
    const byRegion = await run(['Category'], { Filters: [{ Dimension: `Field:${ids.region}`, Values: ['EMEA', 'NA'] }] });
    expect(byRegion.GrandTotal.Total.Values).toEqual({ Budget: 1800.01, Actual: 70, Forecast: 1800.01 });
    const byChannel = await run(['Category'], { Filters: [{ Dimension: `Field:${ids.channel}`, Values: ['Email'] }] });
    expect(labels(byChannel)).toEqual([[['Dim paid'], 1200, 69.99]]);
    const noCampaign = await run(['Category'], { Filters: [{ Dimension: 'Campaign', Values: [PIVOT_NONE_KEY] }] });
    expect(noCampaign.GrandTotal.Total.Values).toEqual({ Budget: 620, Actual: 2.51, Forecast: 620.83 });
    const byPlan = await run(['Category'], { Filters: [{ Dimension: 'Plan', Values: [second.id] }] });
    expect(labels(byPlan)).toEqual([[['Dim paid'], 19.99, 2.5]]);
    const acme = await run(['Category'], { Filters: [{ Dimension: 'Payee', Values: ['Acme'] }] });
    expect(acme.GrandTotal.Total.Values).toEqual({ Budget: 0, Actual: 22.49, Forecast: 0 });
    const acmeAndBudget = await run(['Category'], { Filters: [{ Dimension: 'Payee', Values: ['Acme', PIVOT_NOT_BY_KEY] }] });
    expect(acmeAndBudget.GrandTotal.Total.Values).toEqual({ Budget: 1820, Actual: 22.49, Forecast: 1820.83 });
    const both = await run(['Category'], {
      Filters: [
        { Dimension: 'Category', Values: [byChannel.Rows[0]?.Keys[0]?.Key as string] },
        { Dimension: `Field:${ids.region}`, Values: ['NA'] },
      ],
    });
    expect(both.Rows).toEqual([]);
    expect(both.GrandTotal.Total.Values).toEqual({ Budget: 0, Actual: 0, Forecast: 0 });
  });
});

describe('ReportClient/Pivot access and validation', () => {
  it('another tenant’s plan or custom field is 404 and changes nothing; a Member of no team does not see the plan', async () => {
    const other = await createTenant(t, { name: 'Pivot other' });
    const theirPlan = await createPlan(t, other);
    const ourPlan = await createPlan(t, tenant);
    const theirField = newId();
    await t.ctx.db.execute(
      sql`INSERT INTO custom_fields (tenant_id, id, entity, name, type) VALUES (${other.id}, ${theirField}, 1, 'Secret', 1)`,
    );
    const before = await snapshotTenant(t.database, other.id);
    const body = { Rows: ['Category'], Columns: 'None', Measures: ['Budget'], From: '2026-01-01', To: '2026-12-31' };
    const plan404 = await t.post(PIVOT, { ...body, MarketingPlanIds: [ourPlan.id, theirPlan.id] }, admin);
    expect(plan404.status).toBe(404);
    expect(plan404.body.Message).toBe('The plan was not found.');
    const field404 = await t.post(PIVOT, { ...body, MarketingPlanIds: [ourPlan.id], Rows: [`Field:${theirField}`] }, admin);
    expect(field404.status).toBe(404);
    expect(field404.body.Message).toBe('The custom field was not found.');
    const filter404 = await t.post(
      PIVOT,
      { ...body, MarketingPlanIds: [ourPlan.id], Filters: [{ Dimension: `Field:${theirField}`, Values: ['x'] }] },
      admin,
    );
    expect(filter404.status).toBe(404);
    expect(await snapshotTenant(t.database, other.id)).toEqual(before);
    const outsider = await t.post(PIVOT, { ...body, MarketingPlanIds: [ourPlan.id] }, await tenant.tokenFor('outsider'));
    expect(outsider.status).toBe(404);
    const viewer = await t.post(PIVOT, { ...body, MarketingPlanIds: [ourPlan.id] }, await tenant.tokenFor('viewer'));
    expect(viewer.status).toBe(200);
    expect((await t.post(PIVOT, { ...body, MarketingPlanIds: [ourPlan.id] })).status).toBe(401);
  });

  it('answers 400 with the reason for a bad request', async () => {
    const plan = await createPlan(t, tenant);
    const body = {
      MarketingPlanIds: [plan.id],
      Rows: ['Category'],
      Columns: 'None',
      Measures: ['Budget'],
      From: '2026-01-01',
      To: '2026-12-31',
    };
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ Rows: ['Category', 'Team', 'Plan'] }, /one or two row dimensions/],
      [{ Rows: [] }, /one or two row dimensions/],
      [{ Rows: ['Category', 'Category'] }, /must differ/],
      [{ Rows: ['Region'] }, /Dimension must be one of/],
      [{ Measures: [] }, /at least one measure/],
      [{ Measures: ['Budget', 'Budget'] }, /once/],
      [{ Measures: ['Profit'] }, /Measure must be one of/],
      [{ Columns: 'Week' }, /Columns must be None, Month or Quarter/],
      [{ Compare: 'LastWeek' }, /Compare must be/],
      [{ From: '2026-07-01', To: '2026-06-30' }, /From must be on or before To/],
      [{ From: '2026-02-30' }, /real calendar date/],
      [{ MarketingPlanIds: [] }, /at least one plan/],
      [{ Filters: [{ Dimension: 'Category', Values: [] }] }, /at least one value/],
    ];
    for (const [change, message] of cases) {
      const response = await t.post(PIVOT, { ...body, ...change }, admin);
      expect(response.status, JSON.stringify(change)).toBe(400);
      expect(response.text, JSON.stringify(change)).toMatch(message);
    }
  });
});

describe('ReportClient/Pivot baseline and keys', () => {
  it('Baseline: null while no plan is locked; after the lock the items’ snapshot per month (a deleted item’s in no row)', async () => {
    const plan = await createPlan(t, tenant, { name: 'Locked plan' });
    const category = await createCategory(t, tenant, { name: 'Baseline cat' });
    const item = await createItem(t, tenant, {
      planId: plan.id,
      categoryId: category.id,
      amountCents: 30_000,
      months: { '2026-01': 10_000, '2026-02': 20_000 },
    });
    const body: PivotRequestInput = {
      MarketingPlanIds: [plan.id],
      Rows: ['Category'],
      Columns: 'Month',
      Measures: ['Baseline', 'Budget'],
      From: '2026-01-01',
      To: '2026-02-28',
    };
    const open = await pivot(body);
    expect(open.GrandTotal.Total.Values).toEqual({ Baseline: null, Budget: 300 });
    await t.ctx.db.execute(sql`UPDATE marketing_plans SET baseline_locked_at = now() WHERE tenant_id = ${tenant.id} AND id = ${plan.id}`);
    await t.ctx.db.execute(
      sql`INSERT INTO budget_item_baselines (tenant_id, marketing_plan_id, budget_item_id, month, amount_cents) VALUES
            (${tenant.id}, ${plan.id}, ${item.id}, '2026-01-01', 9999), (${tenant.id}, ${plan.id}, ${item.id}, '2026-02-01', 19999),
            (${tenant.id}, ${plan.id}, ${newId()}, '2026-01-01', 5000)`,
    );
    const locked = await pivot(body);
    expect(locked.GrandTotal.Cells.map((cell) => cell.Values)).toEqual([
      { Baseline: 99.99, Budget: 100 },
      { Baseline: 199.99, Budget: 200 },
    ]);
    expect(locked.GrandTotal.Total.Values).toEqual({ Baseline: 299.98, Budget: 300 });
    expectRowsAddUp(locked);
  });

  it('a payee spelled like a special key keeps a key of its own, so its filter never picks the “(No payee)” row', async () => {
    const plan = await createPlan(t, tenant);
    const category = await createCategory(t, tenant, { name: 'Keys cat' });
    const item = await createItem(t, tenant, { planId: plan.id, categoryId: category.id, amountCents: 0 });
    await createExpenseRow(t, tenant, { planId: plan.id, itemId: item.id, amountCents: 100, payee: PIVOT_NONE_KEY });
    await createExpenseRow(t, tenant, { planId: plan.id, itemId: item.id, amountCents: 200, payee: null });
    const body: PivotRequestInput = {
      MarketingPlanIds: [plan.id],
      Rows: ['Payee'],
      Columns: 'None',
      Measures: ['Actual'],
      From: '2026-01-01',
      To: '2026-12-31',
    };
    const result = await pivot(body);
    expect(result.Rows.map((row) => [row.Keys[0]?.Key, row.Keys[0]?.Label, row.Total.Values.Actual])).toEqual([
      [`\uE000${PIVOT_NONE_KEY}`, PIVOT_NONE_KEY, 1],
      [PIVOT_NONE_KEY, '(No payee)', 2],
    ]);
    const none = await pivot({ ...body, Filters: [{ Dimension: 'Payee', Values: [PIVOT_NONE_KEY] }] });
    expect(none.GrandTotal.Total.Values.Actual).toBe(2);
  });
});
