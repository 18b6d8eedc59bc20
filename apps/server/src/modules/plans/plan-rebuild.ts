import type { PlanTotals } from '@plansmith/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { toDollars } from '../../lib/money.ts';
import { EMPTY_SUMS, toMoneyTotals } from './plan-totals.ts';
import { selectRows } from '../../db/rows.ts';
import { SQL_EXPENSE_STATUS } from '../../db/sql-constants.ts';

type GroupRow = {
  grouping_level: number;
  budget_category_id: string | null;
  category_name: string | null;
  category_type: number | null;
  sort_order: number | null;
  item_type: number | null;
  budget: string | number | null;
  actual: string | number | null;
  committed: string | number | null;
  planned: string | number | null;
  item_count: string | number;
};

/**
 * RebuildPlan: the plan's totals recomputed from its items and active expenses. Each item's
 * expenses are summed through the (tenant_id, budget_item_id) index (LATERAL), then grouped by
 * category, by item type and overall with GROUPING SETS; expenses tied to no item are summed
 * alongside. One statement whatever the number of items.
 */
export const rebuildPlanTotals = async (db: Db, tenantId: string, planId: string, now: Date): Promise<PlanTotals> => {
  const rows = await selectRows<GroupRow>(
    db,
    sql`
    WITH per_item AS (
      SELECT bi.id, bi.budget_category_id, bi.item_type, bi.amount_cents, s.actual, s.committed, s.planned
      FROM budget_items bi
      LEFT JOIN LATERAL (
        SELECT
          sum(e.amount_cents) FILTER (WHERE e.status = ${SQL_EXPENSE_STATUS.actual}) AS actual,
          sum(e.amount_cents) FILTER (WHERE e.status = ${SQL_EXPENSE_STATUS.committed}) AS committed,
          sum(e.amount_cents) FILTER (WHERE e.status = ${SQL_EXPENSE_STATUS.planned}) AS planned
        FROM expenses e
        WHERE e.tenant_id = bi.tenant_id AND e.budget_item_id = bi.id AND e.active AND e.approval <> 1
      ) s ON true
      WHERE bi.tenant_id = ${tenantId} AND bi.marketing_plan_id = ${planId}
    )
    SELECT
      GROUPING(p.budget_category_id, p.item_type)::int AS grouping_level,
      p.budget_category_id::text AS budget_category_id, bc.name AS category_name, bc.category_type::int AS category_type,
      bc.sort_order AS sort_order, p.item_type::int AS item_type,
      sum(p.amount_cents) AS budget, sum(p.actual) AS actual, sum(p.committed) AS committed, sum(p.planned) AS planned,
      count(p.id) AS item_count
    FROM per_item p
    JOIN budget_categories bc ON bc.tenant_id = ${tenantId} AND bc.id = p.budget_category_id
    GROUP BY GROUPING SETS ((p.budget_category_id, bc.name, bc.category_type, bc.sort_order), (p.item_type), ())
    UNION ALL
    SELECT 4, NULL, NULL, NULL, NULL, NULL, NULL,
      sum(amount_cents) FILTER (WHERE status = ${SQL_EXPENSE_STATUS.actual}), sum(amount_cents) FILTER (WHERE status = ${SQL_EXPENSE_STATUS.committed}), sum(amount_cents) FILTER (WHERE status = ${SQL_EXPENSE_STATUS.planned}), 0
    FROM expenses
    WHERE tenant_id = ${tenantId} AND marketing_plan_id = ${planId} AND active AND approval <> 1 AND budget_item_id IS NULL
    `,
  );
  const sumsOf = (row: GroupRow) => ({
    budget: row.budget,
    actual: row.actual,
    committed: row.committed,
    planned: row.planned,
    itemCount: row.item_count,
  });
  const overall = rows.find((row) => row.grouping_level === 3);
  const unassigned = rows.find((row) => row.grouping_level === 4);
  const overallSums = overall ? sumsOf(overall) : EMPTY_SUMS;
  // Plan-level money counts every active expense of the plan, also those not tied to an item.
  const planSums = unassigned
    ? {
        ...overallSums,
        actual: Number(overallSums.actual ?? 0) + Number(unassigned.actual ?? 0),
        committed: Number(overallSums.committed ?? 0) + Number(unassigned.committed ?? 0),
        planned: Number(overallSums.planned ?? 0) + Number(unassigned.planned ?? 0),
      }
    : overallSums;
  return {
    MarketingPlanId: planId,
    Totals: toMoneyTotals(planSums),
    ByCategory: rows
      .filter((row) => row.grouping_level === 1 && row.budget_category_id)
      .sort((a, b) => Number(a.sort_order) - Number(b.sort_order) || String(a.category_name).localeCompare(String(b.category_name)))
      .map((row) => ({
        ...toMoneyTotals(sumsOf(row)),
        BudgetCategoryId: row.budget_category_id as string,
        Name: row.category_name ?? '',
        CategoryType: Number(row.category_type) as 1 | 2 | 3,
      })),
    ByType: rows
      .filter((row) => row.grouping_level === 2)
      .sort((a, b) => Number(a.item_type) - Number(b.item_type))
      .map((row) => ({ ...toMoneyTotals(sumsOf(row)), ItemType: Number(row.item_type) as 1 | 2 })),
    UnassignedActual: toDollars(unassigned?.actual ?? 0),
    RebuiltAt: now.toISOString(),
  };
};
