// Expense text search over a big tenant (issue 29 part 2, migration 1060): SearchExpenses (every
// plan of the caller's teams) and GetExpenses' Query (one plan, description too) answer exactly what
// a plain "contains, any case" over the rows answers — worked out here in JavaScript from every row,
// not by the database — and their statements reach the expenses through the tenant-leading trigram
// index for a rare text and along the tenant's newest-first index for a frequent one.
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant } from '../../../test/factories.ts';
import { setup } from '../../../test/imports-fixture.ts';
import { createCategory, createItem, createPlan } from '../../../test/planning-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { newId } from '../../lib/ids.ts';
import { selectRows } from '../../db/rows.ts';
import { listTotals } from './expense-list-totals.ts';
import { searchExpensesQuery } from './expenses.repository.ts';

let t: TestApp;
let f: Awaited<ReturnType<typeof setup>>;
let hiddenPlanId: string;

type Row = { id: string; plan: string; name: string; payee: string | null; po: string | null; description: string | null; date: string };
let rows: Row[];

/** `count` expenses of a plan's item by hand SQL: six words, 300 payees, numbered purchase orders, every fifth described. */
const addExpenses = (tenantId: string, planId: string, itemId: string, count: number, from: number) =>
  t.database.queryRows(
    `INSERT INTO expenses (tenant_id, id, marketing_plan_id, budget_item_id, name, payee, description, purchase_order, purchase_date, amount_cents, status, category_type)
     SELECT $1, gen_random_uuid(), $2, $3,
       (ARRAY['Webinar platform', 'Trade show booth', 'Google Ads', 'Print brochure', 'Agency retainer', 'SEO audit'])[1 + g % 6] || ' #' || g,
       CASE WHEN g % 50 = 0 THEN NULL ELSE 'Vendor ' || lpad((g % 300)::text, 4, '0') END,
       CASE WHEN g % 5 = 0 THEN 'Booked against ' || (ARRAY['launch', 'renewal'])[1 + g % 2] END,
       CASE WHEN g % 7 = 0 THEN NULL ELSE 'PO-' || g END,
       DATE '2026-01-01' + (g * 37) % 365, 100 + g, 1 + g % 3, 1
     FROM generate_series($4::int, $4::int + $5::int - 1) AS g`,
    [tenantId, planId, itemId, from, count],
  );

beforeAll(async () => {
  t = await createTestApp();
  f = await setup(t);
  await addExpenses(f.tenant.id, f.plan.id, f.search.id, 20_000, 1);
  // A second plan of the member's team, and one of a team the member is not in.
  const second = await createPlan(t, f.tenant);
  const secondItem = await createItem(t, f.tenant, { planId: second.id, categoryId: f.media.id, amountCents: 100_000 });
  await addExpenses(f.tenant.id, second.id, secondItem.id, 1000, 20_001);
  const hiddenTeam = newId();
  await t.database.queryRows(`INSERT INTO teams (tenant_id, id, name) VALUES ($1, $2, 'Hidden team')`, [f.tenant.id, hiddenTeam]);
  const hidden = await createPlan(t, f.tenant, { teamId: hiddenTeam });
  hiddenPlanId = hidden.id;
  const hiddenItem = await createItem(t, f.tenant, { planId: hidden.id, categoryId: f.media.id, amountCents: 100_000 });
  await addExpenses(f.tenant.id, hidden.id, hiddenItem.id, 500, 22_001);
  // Another tenant with the same words and numbers: never found.
  const other = await createTenant(t);
  const otherPlan = await createPlan(t, other);
  const otherCategory = await createCategory(t, other, { name: 'Media', categoryType: 1 });
  const otherItem = await createItem(t, other, { planId: otherPlan.id, categoryId: otherCategory.id, amountCents: 100_000 });
  await addExpenses(other.id, otherPlan.id, otherItem.id, 1000, 1);
  await t.database.queryRows('ANALYZE expenses');
  rows = await t.database.queryRows<Row>(
    `SELECT id::text, marketing_plan_id::text AS plan, name, payee, purchase_order AS po, description, purchase_date::text AS date
       FROM expenses WHERE tenant_id = $1`,
    [f.tenant.id],
  );
});
afterAll(async () => t.close());

/** Newest first, the id breaking ties (uuids order as their text does). */
const newestFirst = (a: Row, b: Row) => (a.date === b.date ? (a.id < b.id ? 1 : -1) : a.date < b.date ? 1 : -1);
const contains = (value: string | null, text: string) => value?.toLowerCase().includes(text.toLowerCase()) === true;

const TEXTS = ['PO-1234', 'webinar', 'WEBINAR #12', 'vendor 0042', 'vendor 0299', 'ab', '#7', 'launch', '%', '_', 'nothing like it'];

describe('expense text search', () => {
  it('SearchExpenses answers the 20 newest of the caller’s plans whose name, payee or purchase order contains the text, any case', async () => {
    const visible = rows.filter((row) => row.plan !== hiddenPlanId);
    for (const text of TEXTS) {
      const response = await t.post('/api/ExpenseClient/SearchExpenses', { Query: text }, f.token);
      expect(response.status, response.text).toBe(200);
      const expected = visible
        .filter((row) => contains(row.name, text) || contains(row.payee, text) || contains(row.po, text))
        .sort(newestFirst)
        .slice(0, 20)
        .map((row) => row.id);
      expect(
        response.body.Result.map((expense: { Id: string }) => expense.Id),
        text,
      ).toEqual(expected);
    }
    // Sanity of the fixture: frequent, rare and absent texts are all there.
    expect(visible.filter((row) => contains(row.po, 'PO-1234')).length).toBe(9); // PO-1234 and PO-12340…12349 but 12341 and 12348 (none, g % 7 = 0)
    expect(visible.filter((row) => contains(row.name, 'webinar')).length).toBeGreaterThan(600);
  });

  it('GetExpenses with a Query counts, sums and pages the plan’s rows whose name, payee, purchase order or description contains it', async () => {
    for (const text of TEXTS) {
      const matches = rows
        .filter((row) => row.plan === f.plan.id)
        .filter((row) => [row.name, row.payee, row.po, row.description].some((value) => contains(value, text)))
        .sort(newestFirst);
      const response = await t.post('/api/ExpenseClient/GetExpenses', { MarketingPlanId: f.plan.id, Query: text, PageSize: 50 }, f.token);
      expect(response.status, response.text).toBe(200);
      expect(response.body.Result.Total, text).toBe(matches.length);
      expect(
        response.body.Result.Items.map((expense: { Id: string }) => expense.Id),
        text,
      ).toEqual(matches.slice(0, 50).map((row) => row.id));
    }
  });

  const planOf = async (statement: SQL) =>
    t.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const explained = await selectRows<{ 'QUERY PLAN': string }>(tx, sql`EXPLAIN ${statement}`);
      return explained.map((row) => row['QUERY PLAN']).join('\n');
    });

  it('finds a rare text through the tenant-leading trigram index, tenant and text in one index condition', async () => {
    const statement = searchExpensesQuery(t.ctx.db, f.tenant.id, [f.tenant.teamId], 'PO-1234', 20).getSQL() as SQL;
    const plan = await planOf(statement);
    expect(plan).toMatch(/Bitmap Index Scan on expenses_text_trgm_idx/);
    expect(plan).toMatch(/Index Cond: \(\(tenant_id = '[0-9a-f-]+'::uuid\) AND \(purchase_order ~~\* '%PO-1234%'::text\)\)/);
  });

  it('takes a frequent word along the tenant’s newest-first index, reading only until 20 match', async () => {
    const statement = searchExpensesQuery(t.ctx.db, f.tenant.id, [f.tenant.teamId], 'webinar', 20).getSQL() as SQL;
    const plan = await planOf(statement);
    expect(plan).toMatch(/Index Scan using expenses_tenant_date_idx/);
    expect(plan).not.toMatch(/Sort Key/);
  });

  it('counts a plan’s matches for GetExpenses’ totals through the trigram index, tenant, plan and text in one condition', async () => {
    const totals = await planOf(
      sql`SELECT count(*) FROM expenses WHERE tenant_id = ${f.tenant.id} AND marketing_plan_id = ${f.plan.id} AND (name ILIKE '%PO-1234%' OR payee ILIKE '%PO-1234%' OR purchase_order ILIKE '%PO-1234%' OR description ILIKE '%PO-1234%')`,
    );
    expect(totals).toMatch(/Bitmap Index Scan on expenses_text_trgm_idx/);
    // Tenant, plan and text in one index condition (migration 1062): only the plan's matches come back.
    expect(totals).toMatch(
      /Index Cond: \(\(tenant_id = '[0-9a-f-]+'::uuid\) AND \(marketing_plan_id = '[0-9a-f-]+'::uuid\) AND \(\w+ ~~\* '%PO-1234%'::text\)\)/,
    );
    // The app's own totals statement for the same filter answers what the rows say.
    const sums = await listTotals(t.ctx.db, f.tenant.id, { marketingPlanId: f.plan.id, query: 'PO-1234' });
    expect(sums.count).toBe(9);
  });
});
