import type { CurrencyCode } from '@plansmith/contract/currency-codes';
import { type SQL, sql } from 'drizzle-orm';
import { SQL_EXPENSE_STATUS } from '../../db/sql-constants.ts';
import { customFieldFilterSql, type ResolvedFieldFilter } from '../custom-fields/index.ts';

/** Which budget items to read. */
export type BudgetItemFilter =
  | { kind: 'plan'; planId: string; fields?: readonly ResolvedFieldFilter[] }
  | { kind: 'objective'; objectiveId: string; fields?: readonly ResolvedFieldFilter[] }
  | { kind: 'item'; itemId: string }
  | { kind: 'search'; teamIds: string[]; pattern: string; limit: number };

export type BudgetItemRow = {
  id: string;
  name: string;
  description: string | null;
  active: boolean;
  /** In the base currency (DESIGN.md §17). */
  amount_cents: string | number | bigint;
  /** Null: the base currency. */
  currency: CurrencyCode | null;
  /** Its own amount in minor units of `currency`; null in the base currency. */
  amount_minor: string | number | bigint | null;
  base_currency: CurrencyCode;
  item_type: number;
  budget_category_id: string;
  category_name: string;
  category_type: number;
  marketing_plan_id: string;
  plan_name: string;
  objective_id: string | null;
  general_ledger_code_id: string | null;
  campaign_id: string | null;
  updated_at: string;
  version: number;
  /** Custom field values (migration 1045). */
  custom_fields: Record<string, string | number | string[]> | null;
  actual: string | number | bigint;
  committed: string | number | bigint;
  planned: string | number | bigint;
  requested: string | number | bigint;
  is_phased: boolean;
};

/** `condition` and the custom field filters (GetBudgetItems' Fields), if any. */
const withFields = (condition: SQL, fields: readonly ResolvedFieldFilter[] | undefined): SQL => {
  const byFields = fields?.length ? customFieldFilterSql(sql`bi.custom_fields`, fields) : undefined;
  return byFields ? sql`${condition} AND ${byFields}` : condition;
};

const itemCondition = (filter: BudgetItemFilter): SQL => {
  switch (filter.kind) {
    case 'plan':
      return withFields(sql`bi.marketing_plan_id = ${filter.planId}`, filter.fields);
    case 'objective':
      return withFields(sql`bi.objective_id = ${filter.objectiveId}`, filter.fields);
    case 'item':
      return sql`bi.id = ${filter.itemId}`;
    case 'search':
      return sql`mp.team_id = ANY(${`{${filter.teamIds.join(',')}}`}::uuid[]) AND (bi.name ILIKE ${filter.pattern} OR bi.description ILIKE ${filter.pattern})`;
  }
};

/**
 * The budget items with their spend in ONE statement (no query per item, no N+1): each item's
 * active expenses are summed by status (actual 3, committed 2, planned 1) from `expense_sums`
 * (one row per month and status, kept by migration 1000's triggers) in a LATERAL subquery that
 * probes its (tenant_id, budget_item_id, …) key, so the cost follows items × months, not expenses.
 * The lateral form keeps the plan linear even without table statistics (PGlite runs no autovacuum;
 * a plain join to a grouped subquery was planned as a nested loop that re-aggregated per item).
 * Used by the API and by the benchmark.
 */
export const budgetItemsQuery = (tenantId: string, filter: BudgetItemFilter): SQL => sql`
  SELECT
    bi.id::text AS id, bi.name, bi.description, bi.active, bi.amount_cents, bi.item_type::int AS item_type,
    bi.currency, bi.amount_minor, (SELECT t.base_currency FROM tenants t WHERE t.id = bi.tenant_id) AS base_currency,
    bi.budget_category_id::text AS budget_category_id, bc.name AS category_name, bc.category_type::int AS category_type,
    bi.marketing_plan_id::text AS marketing_plan_id, mp.name AS plan_name,
    bi.objective_id::text AS objective_id, bi.general_ledger_code_id::text AS general_ledger_code_id, bi.campaign_id::text AS campaign_id,
    to_char(bi.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS updated_at, bi.version, bi.custom_fields,
    coalesce(s.actual, 0) AS actual, coalesce(s.committed, 0) AS committed, coalesce(s.planned, 0) AS planned,
    coalesce(s.requested, 0) AS requested,
    EXISTS (SELECT 1 FROM budget_item_months m WHERE m.tenant_id = bi.tenant_id AND m.budget_item_id = bi.id) AS is_phased
  FROM budget_items bi
  JOIN budget_categories bc ON bc.tenant_id = bi.tenant_id AND bc.id = bi.budget_category_id
  JOIN marketing_plans mp ON mp.tenant_id = bi.tenant_id AND mp.id = bi.marketing_plan_id
  LEFT JOIN LATERAL (
    SELECT
      sum(es.amount_cents) FILTER (WHERE es.status = ${SQL_EXPENSE_STATUS.actual}) AS actual,
      sum(es.amount_cents) FILTER (WHERE es.status = ${SQL_EXPENSE_STATUS.committed}) AS committed,
      sum(es.amount_cents) FILTER (WHERE es.status = ${SQL_EXPENSE_STATUS.planned}) AS planned,
      sum(es.amount_cents) FILTER (WHERE es.status = ${SQL_EXPENSE_STATUS.requested}) AS requested
    FROM expense_sums es
    WHERE es.tenant_id = bi.tenant_id AND es.budget_item_id = bi.id
  ) s ON true
  WHERE bi.tenant_id = ${tenantId} AND ${itemCondition(filter)}
  ORDER BY bc.sort_order, bc.name, bi.name, bi.id
  ${filter.kind === 'search' ? sql`LIMIT ${filter.limit}` : sql``}
`;
