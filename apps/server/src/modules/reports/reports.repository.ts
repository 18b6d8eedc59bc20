import type { ExpenseCategoryType } from '@plansmith/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cents, selectRows } from '../../db/rows.ts';
import { SQL_EXPENSE_STATUS } from '../../db/sql-constants.ts';

/** Money of one report line, in cents. */
export type CentsLine = { budgeted: number; planned: number; committed: number; actual: number; requested: number };

export type CategoryReportRow =
  | ({ level: 'category'; categoryType: ExpenseCategoryType; id: string; name: string; sortOrder: number } & CentsLine)
  | ({ level: 'type'; categoryType: ExpenseCategoryType } & CentsLine)
  | ({ level: 'total' } & CentsLine);

type RawRow = {
  category_type: number | null;
  id: string | null;
  name: string | null;
  sort_order: number | null;
  grouping_level: number;
  budgeted: unknown;
  planned: unknown;
  committed: unknown;
  actual: unknown;
  requested: unknown;
};

/**
 * The budget-categories report of one plan in ONE grouped statement over cents: per category,
 * per category type (ROLLUP subtotal) and the grand total. Budgeted sums the plan's active budget
 * items; planned, committed and actual sum the active expenses by status, through their item's
 * category, from `expense_sums` (kept per item, month and status by migration 1000's triggers, so
 * the cost follows items × months, not expenses). Listed: active categories, and any category that holds budget or spend in the plan.
 */
export const budgetCategoriesStatement = (tenantId: string, planId: string) => sql`
  WITH item_money AS (
    SELECT bi.budget_category_id AS category_id, sum(bi.amount_cents) AS budgeted
    FROM budget_items bi
    WHERE bi.tenant_id = ${tenantId} AND bi.marketing_plan_id = ${planId} AND bi.active
    GROUP BY bi.budget_category_id
  ), expense_money AS (
    SELECT bi.budget_category_id AS category_id,
      sum(es.amount_cents) FILTER (WHERE es.status = ${SQL_EXPENSE_STATUS.planned}) AS planned,
      sum(es.amount_cents) FILTER (WHERE es.status = ${SQL_EXPENSE_STATUS.committed}) AS committed,
      sum(es.amount_cents) FILTER (WHERE es.status = ${SQL_EXPENSE_STATUS.actual}) AS actual,
      sum(es.amount_cents) FILTER (WHERE es.status = ${SQL_EXPENSE_STATUS.requested}) AS requested
    FROM expense_sums es
    JOIN budget_items bi ON bi.tenant_id = es.tenant_id AND bi.id = es.budget_item_id
    WHERE es.tenant_id = ${tenantId} AND es.marketing_plan_id = ${planId}
    GROUP BY bi.budget_category_id
  )
  SELECT c.category_type, c.id, c.name, c.sort_order,
    GROUPING(c.category_type, c.id) AS grouping_level,
    coalesce(sum(im.budgeted), 0)::bigint AS budgeted,
    coalesce(sum(em.planned), 0)::bigint AS planned,
    coalesce(sum(em.committed), 0)::bigint AS committed,
    coalesce(sum(em.actual), 0)::bigint AS actual,
    coalesce(sum(em.requested), 0)::bigint AS requested
  FROM budget_categories c
  LEFT JOIN item_money im ON im.category_id = c.id
  LEFT JOIN expense_money em ON em.category_id = c.id
  WHERE c.tenant_id = ${tenantId} AND (c.active OR im.category_id IS NOT NULL OR em.category_id IS NOT NULL)
  GROUP BY ROLLUP (c.category_type, (c.id, c.name, c.sort_order))
  ORDER BY c.category_type NULLS LAST, GROUPING(c.category_type, c.id), c.sort_order, c.name, c.id
`;

const toLine = (row: RawRow): CentsLine => ({
  budgeted: cents(row.budgeted),
  planned: cents(row.planned),
  committed: cents(row.committed),
  actual: cents(row.actual),
  requested: cents(row.requested),
});

export const selectBudgetCategoriesReport = async (db: Db, tenantId: string, planId: string): Promise<CategoryReportRow[]> => {
  const rows = await selectRows<RawRow>(db, budgetCategoriesStatement(tenantId, planId));
  return rows.map((row): CategoryReportRow => {
    const level = Number(row.grouping_level);
    // GROUPING(type, id): 0 a category row, 1 a type subtotal, 3 the grand total.
    if (level === 3) return { level: 'total', ...toLine(row) };
    const categoryType = Number(row.category_type) as ExpenseCategoryType;
    if (level === 1) return { level: 'type', categoryType, ...toLine(row) };
    return {
      level: 'category',
      categoryType,
      id: String(row.id),
      name: String(row.name),
      sortOrder: Number(row.sort_order),
      ...toLine(row),
    };
  });
};
