import type { PlanTotals } from '@plansmith/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { toDollars } from '../../lib/money.ts';
import { EMPTY_SUMS, toMoneyTotals } from './plan-totals.ts';
import { queryRows } from './query-rows.ts';

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
 * RebuildPlan: the plan's totals recomputed from its items and active expenses. Expenses are
 * summed per item once, joined to the items, and grouped by category, by item type and overall
 * with GROUPING SETS: one statement whatever the number of items.
 */
export const rebuildPlanTotals = async (db: Db, tenantId: string, planId: string, now: Date): Promise<PlanTotals> => {
  const rows = await queryRows<GroupRow>(
    db,
    sql`
    WITH spent AS (
      SELECT budget_item_id,
        sum(amount_cents) FILTER (WHERE status = 3) AS actual,
        sum(amount_cents) FILTER (WHERE status = 2) AS committed,
        sum(amount_cents) FILTER (WHERE status = 1) AS planned
      FROM expenses
      WHERE tenant_id = ${tenantId} AND marketing_plan_id = ${planId} AND active
      GROUP BY budget_item_id
    )
    SELECT
      GROUPING(bi.budget_category_id, bi.item_type)::int AS grouping_level,
      bi.budget_category_id::text AS budget_category_id, bc.name AS category_name, bc.category_type::int AS category_type,
      bc.sort_order AS sort_order, bi.item_type::int AS item_type,
      sum(bi.amount_cents) AS budget, sum(s.actual) AS actual, sum(s.committed) AS committed, sum(s.planned) AS planned,
      count(bi.id) AS item_count
    FROM budget_items bi
    JOIN budget_categories bc ON bc.tenant_id = bi.tenant_id AND bc.id = bi.budget_category_id
    LEFT JOIN spent s ON s.budget_item_id = bi.id
    WHERE bi.tenant_id = ${tenantId} AND bi.marketing_plan_id = ${planId}
    GROUP BY GROUPING SETS ((bi.budget_category_id, bc.name, bc.category_type, bc.sort_order), (bi.item_type), ())
    UNION ALL
    SELECT 4, NULL, NULL, NULL, NULL, NULL, NULL, actual, committed, planned, 0 FROM spent WHERE budget_item_id IS NULL
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
