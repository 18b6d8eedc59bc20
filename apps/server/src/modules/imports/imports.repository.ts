import { DEFAULT_CURRENCY, isCurrencyCode } from '@plansmith/contract/currency-codes';
import type { ImportKind, ImportMapping } from '@plansmith/contract/imports';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { insertJsonText } from '../../db/bulk-insert.ts';
import type { Db } from '../../db/client.ts';
import { selectRows } from '../../db/rows.ts';
import { budgetItems } from '../../schema/budget.ts';
import { campaigns } from '../../schema/campaigns.ts';
import { budgetCategories } from '../../schema/categories.ts';
import { comments } from '../../schema/comments.ts';
import { expenses } from '../../schema/expenses.ts';
import { importMappings, importRows, imports } from '../../schema/imports.ts';
import { lookups } from '../../schema/lookups.ts';
import { users } from '../../schema/tenants.ts';
import type { CurrencyRefs } from './check-rows.ts';
import { type CommitChunk, EXPENSE_COLUMNS, IMPORT_ROW_COLUMNS, ITEM_COLUMNS, ITEM_MONTH_COLUMNS } from './commit-rows.ts';

export const listPlanItems = (db: Db, tenantId: string, planId: string) =>
  db
    .select({
      id: budgetItems.id,
      name: budgetItems.name,
      budgetCategoryId: budgetItems.budgetCategoryId,
      categoryType: budgetCategories.categoryType,
      currency: budgetItems.currency,
    })
    .from(budgetItems)
    .innerJoin(
      budgetCategories,
      and(eq(budgetCategories.tenantId, budgetItems.tenantId), eq(budgetCategories.id, budgetItems.budgetCategoryId)),
    )
    .where(and(eq(budgetItems.tenantId, tenantId), eq(budgetItems.marketingPlanId, planId)));

/**
 * What a row's Currency needs (DESIGN.md §17): the tenant's base, the plan's Currency and budget rate
 * month (YYYY-MM), and every rate of the tenant (a few hundred rows at most: currencies × months).
 */
export const currencyRefs = async (db: Db, tenantId: string, planId: string): Promise<CurrencyRefs> => {
  const [context] = await selectRows<{ base: string; plan: string | null; budget_rate_month: string }>(
    db,
    sql`SELECT t.base_currency AS base, p.currency AS plan, to_char(p.budget_rate_month, 'YYYY-MM') AS budget_rate_month
        FROM marketing_plans p JOIN tenants t ON t.id = p.tenant_id
        WHERE p.tenant_id = ${tenantId} AND p.id = ${planId}`,
  );
  const rows = await selectRows<{ currency: string; month: string; rate: string }>(
    db,
    sql`SELECT currency, to_char(month, 'YYYY-MM') AS month, rate::text AS rate FROM fx_rates WHERE tenant_id = ${tenantId}`,
  );
  const rates: CurrencyRefs['rates'] = {};
  for (const row of rows) rates[row.currency] = { ...rates[row.currency], [row.month]: Number(row.rate) };
  const base = context && isCurrencyCode(context.base) ? context.base : DEFAULT_CURRENCY;
  const plan = context?.plan && isCurrencyCode(context.plan) ? context.plan : null;
  return { base, plan, budgetRateMonth: context?.budget_rate_month ?? '0000-01', rates };
};

export const listCategories = (db: Db, tenantId: string) =>
  db
    .select({ id: budgetCategories.id, name: budgetCategories.name, categoryType: budgetCategories.categoryType })
    .from(budgetCategories)
    .where(eq(budgetCategories.tenantId, tenantId));

/** The plan's campaigns by name, for a budget item row's Campaign column. */
export const listPlanCampaigns = (db: Db, tenantId: string, planId: string) =>
  db
    .select({ id: campaigns.id, name: campaigns.name })
    .from(campaigns)
    .where(and(eq(campaigns.tenantId, tenantId), eq(campaigns.marketingPlanId, planId)));

export const listGlCodes = (db: Db, tenantId: string) =>
  db
    .select({ id: lookups.id, name: lookups.name })
    .from(lookups)
    .where(and(eq(lookups.tenantId, tenantId), eq(lookups.lookupType, 1)));

/** Expenses per page of duplicate-key fields: ~2 MB of text each, decoded here in a few milliseconds. */
const KEY_FIELDS_PAGE = 20_000;

/**
 * What the plan's expenses are keyed by for duplicate detection, as JSON texts of
 * `[purchase order, date, payee, cents, item id]` arrays, a page each: read as rows, 100,000 expenses
 * cost the request thread ~150 ms to map; as text they go to the worker that builds the keys
 * (analyse-file.ts), and the thread is free between pages.
 */
export const expenseKeyFieldsJson = async (db: Db, tenantId: string, planId: string, pageSize = KEY_FIELDS_PAGE): Promise<string[]> => {
  const pages: string[] = [];
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const [page] = await selectRows<{ fields: string | null; last: string | null; count: number }>(
      db,
      sql`WITH page AS (
            SELECT id, purchase_order, purchase_date, payee, amount_cents, budget_item_id FROM expenses
            WHERE tenant_id = ${tenantId} AND marketing_plan_id = ${planId} AND id > ${after}
            ORDER BY id LIMIT ${pageSize})
          SELECT json_agg(json_build_array(purchase_order, purchase_date, payee, amount_cents, budget_item_id))::text AS fields,
                 (SELECT id FROM page ORDER BY id DESC LIMIT 1) AS last, count(*)::int AS count
          FROM page`,
    );
    if (page?.fields) pages.push(page.fields);
    if (!page?.last || page.count < pageSize) return pages;
    after = page.last;
  }
};

export const findMapping = async (db: Db, tenantId: string, kind: ImportKind): Promise<ImportMapping | null> => {
  const [row] = await db
    .select({ mapping: importMappings.mapping })
    .from(importMappings)
    .where(and(eq(importMappings.tenantId, tenantId), eq(importMappings.kind, kind)));
  return row?.mapping ?? null;
};

export const saveMapping = async (db: Db, tenantId: string, kind: ImportKind, mapping: ImportMapping, userId: string, now: Date) => {
  await db
    .insert(importMappings)
    .values({ tenantId, kind, mapping, updatedBy: userId, updatedAt: now })
    .onConflictDoUpdate({ target: [importMappings.tenantId, importMappings.kind], set: { mapping, updatedBy: userId, updatedAt: now } });
};

/** One chunk of a commit's rows (commit-rows.ts): the created rows, their months, their import rows. */
export const insertCommitChunk = async (db: Db, kind: ImportKind, chunk: CommitChunk): Promise<void> => {
  if (kind === 'Expenses') await insertJsonText(db, 'expenses', EXPENSE_COLUMNS, chunk.rowsJson);
  else await insertJsonText(db, 'budget_items', ITEM_COLUMNS, chunk.rowsJson);
  if (chunk.monthsJson) await insertJsonText(db, 'budget_item_months', ITEM_MONTH_COLUMNS, chunk.monthsJson);
  await insertJsonText(db, 'import_rows', IMPORT_ROW_COLUMNS, chunk.importRowsJson);
};

export const insertImport = async (
  db: Db,
  values: {
    tenantId: string;
    id: string;
    planId: string;
    kind: ImportKind;
    fileName: string;
    userId: string;
    now: Date;
    created: number;
    skipped: number;
  },
): Promise<void> => {
  await db.insert(imports).values({
    tenantId: values.tenantId,
    id: values.id,
    marketingPlanId: values.planId,
    kind: values.kind,
    fileName: values.fileName,
    createdBy: values.userId,
    createdAt: values.now,
    createdCount: values.created,
    skippedCount: values.skipped,
  });
};

const undoneBy = alias(users, 'undone_by_user');

export const listImports = (db: Db, tenantId: string, planId: string) =>
  db
    .select({
      id: imports.id,
      kind: imports.kind,
      fileName: imports.fileName,
      createdAt: imports.createdAt,
      createdCount: imports.createdCount,
      skippedCount: imports.skippedCount,
      undoneAt: imports.undoneAt,
      createdByFirst: users.firstName,
      createdByLast: users.lastName,
      undoneByFirst: undoneBy.firstName,
      undoneByLast: undoneBy.lastName,
    })
    .from(imports)
    .innerJoin(users, and(eq(users.tenantId, imports.tenantId), eq(users.id, imports.createdBy)))
    .leftJoin(undoneBy, and(eq(undoneBy.tenantId, imports.tenantId), eq(undoneBy.id, imports.undoneBy)))
    .where(and(eq(imports.tenantId, tenantId), eq(imports.marketingPlanId, planId)))
    .orderBy(desc(imports.createdAt))
    .limit(200);

/** The import, locked until the transaction ends so two Undos cannot both run. */
export const lockImport = async (db: Db, tenantId: string, importId: string) => {
  const [row] = await db
    .select()
    .from(imports)
    .where(and(eq(imports.tenantId, tenantId), eq(imports.id, importId)))
    .for('update');
  return row ?? null;
};

const entityTable = (kind: ImportKind) => (kind === 'Expenses' ? sql`expenses` : sql`budget_items`);

/** The first row the import created that was changed since (its updated_at moved), if any. */
export const findChangedRow = async (db: Db, tenantId: string, importId: string, kind: ImportKind) => {
  const [row] = await selectRows<{ id: string; name: string; source_row: number }>(
    db,
    sql`SELECT e.id, e.name, r.source_row FROM import_rows r
        JOIN ${entityTable(kind)} e ON e.tenant_id = r.tenant_id AND e.id = r.entity_id
        WHERE r.tenant_id = ${tenantId} AND r.import_id = ${importId} AND e.updated_at <> r.updated_at
        ORDER BY r.source_row LIMIT 1`,
  );
  return row ?? null;
};

/** The first imported budget item that has expenses recorded against it since. */
export const findItemWithExpenses = async (db: Db, tenantId: string, importId: string) => {
  const [row] = await selectRows<{ id: string; name: string; source_row: number; expense_count: number }>(
    db,
    sql`SELECT i.id, i.name, r.source_row, count(*)::int AS expense_count FROM import_rows r
        JOIN budget_items i ON i.tenant_id = r.tenant_id AND i.id = r.entity_id
        JOIN expenses x ON x.tenant_id = r.tenant_id AND x.budget_item_id = r.entity_id
        WHERE r.tenant_id = ${tenantId} AND r.import_id = ${importId}
        GROUP BY i.id, i.name, r.source_row ORDER BY r.source_row LIMIT 1`,
  );
  return row ?? null;
};

/** Deletes what the import created (and their comments); answers what was removed. */
export const deleteCreated = async (db: Db, tenantId: string, importId: string, kind: ImportKind) => {
  const entityType = kind === 'Expenses' ? 'Expense' : 'BudgetItem';
  const created = db
    .select({ id: importRows.entityId })
    .from(importRows)
    .where(and(eq(importRows.tenantId, tenantId), eq(importRows.importId, importId)));
  await db
    .delete(comments)
    .where(and(eq(comments.tenantId, tenantId), eq(comments.entityType, entityType), inArray(comments.entityId, created)));
  const table = kind === 'Expenses' ? expenses : budgetItems;
  return db
    .delete(table)
    .where(and(eq(table.tenantId, tenantId), inArray(table.id, created)))
    .returning({ id: table.id, name: table.name, marketingPlanId: table.marketingPlanId });
};

export const markUndone = async (db: Db, tenantId: string, importId: string, userId: string, now: Date) => {
  await db
    .update(imports)
    .set({ undoneAt: now, undoneBy: userId })
    .where(and(eq(imports.tenantId, tenantId), eq(imports.id, importId)));
};
