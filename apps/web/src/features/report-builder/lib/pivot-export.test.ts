import { pivotRoutes } from '@plansmith/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant } from '../../../../../server/test/factories.ts';
import { createCategory, createExpenseRow, createItem, createPlan } from '../../../../../server/test/planning-factories.ts';
import { sheetToCsv, sheetToXlsx } from '../../../shared/export/spreadsheet.ts';
import { type RealApi, startRealApi } from '../../../test/real-api.ts';
import { xlsxCell, xlsxRows } from '../../../test/xlsx-cells.ts';
import { toPivotSheet } from './pivot-lines.ts';

// The exports are built from the server's own answer (ReportClient/Pivot), so they hold exactly
// the figures the table shows: a line per row, a subtotal per first value, the total.

let api: RealApi;
// The real server starts on a fresh PGlite: on a loaded machine that takes longer than the default minute.
beforeAll(async () => {
  api = await startRealApi();
}, 180_000);
afterAll(() => api.close());

const arrange = async () => {
  const tenant = await createTenant(api.server, { name: 'Pivot Export Co' });
  const plan = await createPlan(api.server, tenant, { startDate: '2026-01-01', endDate: '2026-12-31' });
  const paid = await createCategory(api.server, tenant, { name: '=Paid media', categoryType: 1, sortOrder: 1 });
  const item = await createItem(api.server, tenant, {
    planId: plan.id,
    categoryId: paid.id,
    amountCents: 1_999,
    itemType: 1,
    months: { '2026-02': 1_999 },
  });
  await createExpenseRow(api.server, tenant, { planId: plan.id, itemId: item.id, amountCents: 1_050, purchaseDate: '2026-02-28' });
  const token = (await api.signIn(tenant.users.owner.email)).AccessToken;
  return api.call(
    pivotRoutes.pivot,
    {
      MarketingPlanIds: [plan.id],
      Rows: ['Category', 'ItemType'],
      Columns: 'Quarter',
      Measures: ['Budget', 'Actual', 'VariancePercent'],
      Filters: [],
      Compare: 'PriorYear',
      From: '2026-01-01',
      To: '2026-06-30',
    },
    token,
  );
};

describe('the report builder’s exports', () => {
  it('CSV: a column per dimension and per quarter × measure (and prior year), the subtotal and total lines, numbers as numbers', async () => {
    const result = await arrange();
    const csv = sheetToCsv(toPivotSheet(result, 'Spend: by category'));
    const [header, row, subtotal, total, ...rest] = csv.split('\r\n');
    expect(rest).toEqual([]);
    expect(header).toBe(
      [
        'Category',
        'Item type',
        'Q1 2026 · Budget (USD)',
        'Q1 2026 · Budget (prior year) (USD)',
        'Q1 2026 · Actual (USD)',
        'Q1 2026 · Actual (prior year) (USD)',
        'Q1 2026 · Variance %',
        'Q1 2026 · Variance % (prior year)',
        'Q2 2026 · Budget (USD)',
        'Q2 2026 · Budget (prior year) (USD)',
        'Q2 2026 · Actual (USD)',
        'Q2 2026 · Actual (prior year) (USD)',
        'Q2 2026 · Variance %',
        'Q2 2026 · Variance % (prior year)',
        'Total · Budget (USD)',
        'Total · Budget (prior year) (USD)',
        'Total · Actual (USD)',
        'Total · Actual (prior year) (USD)',
        'Total · Variance %',
        'Total · Variance % (prior year)',
      ].join(','),
    );
    // A category named "=Paid media" is text, never a formula; $19.99 budget, $10.50 actual, variance 47.47 %.
    expect(row?.startsWith(`"'=Paid media",Productive,19.99,0,10.5,0,47.47,,0,0,0,0,,,19.99,0,10.5,0,47.47,`)).toBe(true);
    expect(subtotal?.startsWith(`"'=Paid media",Subtotal,19.99,`)).toBe(true);
    expect(total?.startsWith('Total,,19.99,0,10.5,0,47.47,')).toBe(true);
  }, 60_000);

  it('XLSX: the same lines, money in USD format and Variance % a plain number', async () => {
    const result = await arrange();
    const bytes = await sheetToXlsx(toPivotSheet(result, 'Spend: by category'));
    const rows = await xlsxRows(bytes);
    expect(rows).toHaveLength(4);
    expect(rows[1]?.slice(0, 7)).toEqual(['=Paid media', 'Productive', 19.99, 0, 10.5, 0, 47.47]);
    expect(rows[3]?.[0]).toBe('Total');
    expect(await xlsxCell(bytes, 'C2')).toMatchObject({ value: 19.99, numberFormat: '"$"#,##0.00' });
    expect((await xlsxCell(bytes, 'G2')).numberFormat).not.toBe('"$"#,##0.00');
    expect(await xlsxCell(bytes, 'A2')).toMatchObject({ isText: true, isFormula: false });
  }, 60_000);
});
