// The import tests' shared tenant, file and counts (imports.test.ts, imports-undo.test.ts).
import { count, eq } from 'drizzle-orm';
import { budgetItems } from '../src/schema/budget.ts';
import { expenses } from '../src/schema/expenses.ts';
import { imports } from '../src/schema/imports.ts';
import { createTenant } from './factories.ts';
import { createCategory, createExpenseRow, createGlCode, createItem, createPlan } from './planning-factories.ts';
import type { TestApp } from './test-app.ts';

export const PREVIEW = '/api/ImportClient/Preview';
export const COMMIT = '/api/ImportClient/Commit';
export const LIST = '/api/ImportClient/List';
export const UNDO = '/api/ImportClient/Undo';

export const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/** A tenant with a plan of two items ("Paid search" productive, "Events" operational), a GL code and one expense. */
export const setup = async (t: TestApp) => {
  const tenant = await createTenant(t);
  const plan = await createPlan(t, tenant, { startDate: '2026-01-01', endDate: '2026-12-31' });
  const media = await createCategory(t, tenant, { name: 'Paid media', categoryType: 1 });
  const ops = await createCategory(t, tenant, { name: 'Operations', categoryType: 2 });
  const search = await createItem(t, tenant, { planId: plan.id, categoryId: media.id, amountCents: 1_000_000, name: 'Paid search' });
  const events = await createItem(t, tenant, { planId: plan.id, categoryId: ops.id, amountCents: 500_000, name: 'Events' });
  const gl = await createGlCode(t, tenant, 'GL 6100');
  const existing = await createExpenseRow(t, tenant, {
    planId: plan.id,
    itemId: search.id,
    amountCents: 50_000,
    purchaseDate: '2026-02-01',
    payee: 'Google',
    name: 'Existing',
  });
  return { tenant, plan, media, ops, search, events, gl, existing, token: await tenant.tokenFor('member') };
};

// Headers in other words and cases than the field names; row 5 repeats row 2, row 6 repeats the existing expense.
export const EXPENSES_CSV = [
  'Purchase Date,Vendor,COST,item,PO #,gl code,Status,Notes',
  '2026-03-10,Google,"1,234.50",Paid search,,GL 6100,Committed,Search ads',
  '03/11/2026,Hotel,200,events,PO-7,,Actual,Venue deposit',
  '2026-03-12,Nobody,abc,Unknown item,,,,Broken row',
  '2026-03-10,google,1234.5,PAID SEARCH,,,,Same as row 2',
  '2026-02-01,Google,500,Paid search,,,,Same as existing',
].join('\n');

export const previewBody = (planId: string, csv = EXPENSES_CSV, extra: Record<string, unknown> = {}) => ({
  Kind: 'Expenses',
  MarketingPlanId: planId,
  FileName: 'costs.csv',
  ContentBase64: base64(csv),
  ...extra,
});

export const countRows = async (t: TestApp, planId: string) => {
  const [e] = await t.ctx.db.select({ n: count() }).from(expenses).where(eq(expenses.marketingPlanId, planId));
  const [i] = await t.ctx.db.select({ n: count() }).from(imports).where(eq(imports.marketingPlanId, planId));
  const [b] = await t.ctx.db.select({ n: count() }).from(budgetItems).where(eq(budgetItems.marketingPlanId, planId));
  return { expenses: e?.n, imports: i?.n, items: b?.n };
};
