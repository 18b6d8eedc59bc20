import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cents, selectRows } from '../../db/rows.ts';
import { SQL_EXPENSE_STATUS } from '../../db/sql-constants.ts';
import { fxBaseJoin, fxBudgetRateJoin, fxVarianceOfExpense } from './fx-variance.repository.ts';

/** A custom field as the pivot needs it (migration 1045). */
export type PivotField = { id: string; entity: 1 | 2 | 3; name: string; type: number; options: string[] };

/** The tenant's custom fields among `ids` (another tenant's id finds nothing). */
export const selectPivotFields = async (db: Db, tenantId: string, ids: readonly string[]): Promise<PivotField[]> => {
  if (ids.length === 0) return [];
  const rows = await selectRows<{ id: string; entity: number; name: string; type: number; options: unknown }>(
    db,
    sql`SELECT f.id::text AS id, f.entity, f.name, f.type, f.options
        FROM custom_fields f
        WHERE f.tenant_id = ${tenantId} AND f.id = ANY(${`{${ids.join(',')}}`}::uuid[])`,
  );
  return rows.map((row) => ({
    id: row.id,
    entity: Number(row.entity) as 1 | 2 | 3,
    name: row.name,
    type: Number(row.type),
    options: Array.isArray(row.options)
      ? (row.options as string[])
      : typeof row.options === 'string'
        ? (JSON.parse(row.options) as string[])
        : [],
  }));
};

/** What the item-level dimensions read of a budget item; field values are JSON text (null when absent). */
export type PivotItemRow = {
  id: string;
  plan_id: string;
  category_id: string;
  category_name: string;
  category_type: number;
  category_sort: number;
  item_type: number;
  gl_id: string | null;
  gl_name: string | null;
  campaign_id: string | null;
  campaign_name: string | null;
  owner_id: string | null;
  owner_first: string | null;
  owner_last: string | null;
  [field: `f_${number}`]: string | null;
};

export type ItemColumns = { campaign: boolean; itemFields: string[]; campaignFields: string[] };

const planList = (planIds: readonly string[]) => sql`${`{${planIds.join(',')}}`}::uuid[]`;

/**
 * The plans' budget items (active or not: their expenses count) with what the item-level
 * dimensions need. Campaign columns are read only when a Campaign, Owner or campaign field
 * dimension asks for them; field values come as JSON text, `f_<n>` in the order of the lists.
 */
export const pivotItemsStatement = (tenantId: string, planIds: readonly string[], columns: ItemColumns): SQL => {
  const fieldSelects: SQL[] = [
    ...columns.itemFields.map((id, index) => sql`, (bi.custom_fields -> ${id})::text AS ${sql.identifier(`f_${index}`)}`),
    ...columns.campaignFields.map(
      (id, index) => sql`, (c.custom_fields -> ${id})::text AS ${sql.identifier(`f_${columns.itemFields.length + index}`)}`,
    ),
  ];
  const campaign = columns.campaign || columns.campaignFields.length > 0;
  return sql`
    SELECT bi.id::text AS id, bi.marketing_plan_id::text AS plan_id, bi.budget_category_id::text AS category_id,
      bc.name AS category_name, bc.category_type, bc.sort_order AS category_sort, bi.item_type,
      bi.general_ledger_code_id::text AS gl_id, gl.name AS gl_name,
      ${campaign ? sql`bi.campaign_id::text AS campaign_id, c.name AS campaign_name, c.owner_id::text AS owner_id, u.first_name AS owner_first, u.last_name AS owner_last` : sql`NULL AS campaign_id, NULL AS campaign_name, NULL AS owner_id, NULL AS owner_first, NULL AS owner_last`}
      ${sql.join(fieldSelects, sql``)}
    FROM budget_items bi
    JOIN budget_categories bc ON bc.tenant_id = bi.tenant_id AND bc.id = bi.budget_category_id
    LEFT JOIN lookups gl ON gl.tenant_id = bi.tenant_id AND gl.id = bi.general_ledger_code_id
    ${
      campaign
        ? sql`LEFT JOIN campaigns c ON c.tenant_id = bi.tenant_id AND c.id = bi.campaign_id
    LEFT JOIN users u ON u.tenant_id = c.tenant_id AND u.id = c.owner_id`
        : sql``
    }
    WHERE bi.tenant_id = ${tenantId} AND bi.marketing_plan_id = ANY(${planList(planIds)})`;
};

export const selectPivotItems = (db: Db, tenantId: string, planIds: readonly string[], columns: ItemColumns): Promise<PivotItemRow[]> =>
  selectRows<PivotItemRow>(db, pivotItemsStatement(tenantId, planIds, columns));

/** The plans' teams by name. */
export const selectPlanTeams = (db: Db, tenantId: string, teamIds: readonly string[]): Promise<Array<{ id: string; name: string }>> =>
  selectRows<{ id: string; name: string }>(
    db,
    sql`SELECT t.id::text AS id, t.name FROM teams t WHERE t.tenant_id = ${tenantId} AND t.id = ANY(${planList(teamIds)})`,
  );

/** Expense money by month (and item, when asked) and the expense-level dimensions' values, per status. */
export type PivotExpenseRow = {
  /** Null when the groups are not split by item (a report with no item-level dimension). */
  item_id: string | null;
  month: string;
  planned: number;
  committed: number;
  actual: number;
  /** The group's FX variance in cents (0 unless asked for). */
  fx: number;
  payee: string | null;
  [field: `f_${number}`]: string | null;
};

export type PivotExpenseColumns = {
  payee: boolean;
  fields: string[];
  fx?: boolean;
  /**
   * Split the groups by budget item (false: only by month and the expense-level values, when no
   * dimension of the report reads the item: a report by Payee alone groups ~40 % fewer rows).
   */
  byItem?: boolean;
};

/**
 * Active expenses (not waiting for approval: those are Requested, in no measure) of the plans on one
 * of the plans' budget items, purchased from `start` (inclusive) to `end` (exclusive), summed per
 * purchase month, the item (unless byItem is false) and the expense-level values asked for, with
 * Planned, Committed and Actual side by side: the one query that reads expenses, when a dimension is
 * not kept in expense_sums (Payee, an Expense custom field). Field values as JSON text.
 */
export const pivotExpensesStatement = (
  tenantId: string,
  planIds: readonly string[],
  range: { start: string; end: string },
  columns: PivotExpenseColumns,
): SQL => {
  const byItem = columns.byItem ?? true;
  const extra: SQL[] = [];
  if (columns.payee) extra.push(sql`e.payee`);
  columns.fields.forEach((id, index) => {
    extra.push(sql`(e.custom_fields -> ${id})::text AS ${sql.identifier(`f_${index}`)}`);
  });
  // Output columns: item_id (1), month (2), the extra values (3 on); the sums after them are not grouped.
  const grouped = [...(byItem ? [1] : []), 2, ...extra.map((_, index) => 3 + index)];
  const sumOf = (status: SQL, name: string) =>
    sql`coalesce(sum(e.amount_cents) FILTER (WHERE e.status = ${status}), 0)::bigint AS ${sql.identifier(name)}`;
  return sql`
    SELECT ${byItem ? sql`e.budget_item_id::text` : sql`NULL::text`} AS item_id, to_char(e.purchase_date, 'YYYY-MM') AS month,
      ${extra.length > 0 ? sql`${sql.join(extra, sql`, `)},` : sql``}
      ${sumOf(SQL_EXPENSE_STATUS.planned, 'planned')}, ${sumOf(SQL_EXPENSE_STATUS.committed, 'committed')},
      ${sumOf(SQL_EXPENSE_STATUS.actual, 'actual')}
      ${columns.fx ? sql`, sum(${fxVarianceOfExpense})::bigint AS fx` : sql``}
    FROM expenses e
    ${
      columns.fx
        ? sql`JOIN marketing_plans p ON p.tenant_id = e.tenant_id AND p.id = e.marketing_plan_id
    ${fxBaseJoin(tenantId)}
    ${fxBudgetRateJoin(tenantId)}`
        : sql``
    }
    WHERE e.tenant_id = ${tenantId} AND e.marketing_plan_id = ANY(${planList(planIds)}) AND e.active
      AND e.approval <> 1 AND e.budget_item_id IS NOT NULL
      AND e.status IN (${SQL_EXPENSE_STATUS.planned}, ${SQL_EXPENSE_STATUS.committed}, ${SQL_EXPENSE_STATUS.actual})
      AND e.purchase_date >= ${range.start}::date AND e.purchase_date < ${range.end}::date
      ${
        // Split by item, the caller keeps the groups of the plans' items; unsplit, the statement does.
        byItem
          ? sql``
          : sql`AND e.budget_item_id IN (SELECT bi.id FROM budget_items bi
                 WHERE bi.tenant_id = ${tenantId} AND bi.marketing_plan_id = ANY(${planList(planIds)}))`
      }
    GROUP BY ${sql.raw(grouped.join(', '))}`;
};

export const selectPivotExpenses = async (
  db: Db,
  tenantId: string,
  planIds: readonly string[],
  range: { start: string; end: string },
  columns: PivotExpenseColumns,
): Promise<PivotExpenseRow[]> => {
  const rows = await selectRows<PivotExpenseRow>(db, pivotExpensesStatement(tenantId, planIds, range, columns));
  return rows.map((row) => ({
    ...row,
    planned: cents(row.planned),
    committed: cents(row.committed),
    actual: cents(row.actual),
    fx: cents(row.fx),
  }));
};

/**
 * The FX variance (DESIGN.md §17) of the plans' Actual expenses in another currency per item and
 * purchase month, from `start` (inclusive) to `end` (exclusive): what the FxVariance measure reads
 * when no dimension is expense-level. Only months with a variance come back.
 */
export const selectPivotFx = async (
  db: Db,
  tenantId: string,
  planIds: readonly string[],
  range: { start: string; end: string },
): Promise<Array<{ item_id: string; month: string; fx: number }>> => {
  const rows = await selectRows<{ item_id: string; month: string; fx: unknown }>(
    db,
    sql`
    SELECT e.budget_item_id::text AS item_id, to_char(e.purchase_date, 'YYYY-MM') AS month, sum(${fxVarianceOfExpense})::bigint AS fx
    FROM expenses e
    JOIN marketing_plans p ON p.tenant_id = e.tenant_id AND p.id = e.marketing_plan_id
    ${fxBaseJoin(tenantId)}
    ${fxBudgetRateJoin(tenantId)}
    WHERE e.tenant_id = ${tenantId} AND e.marketing_plan_id = ANY(${planList(planIds)}) AND e.currency IS NOT NULL AND e.active
      AND e.status = ${SQL_EXPENSE_STATUS.actual} AND e.approval <> 1 AND e.budget_item_id IS NOT NULL
      AND e.purchase_date >= ${range.start}::date AND e.purchase_date < ${range.end}::date
    GROUP BY 1, 2`,
  );
  return rows.map((row) => ({ item_id: row.item_id, month: row.month, fx: cents(row.fx) })).filter((row) => row.fx !== 0);
};
