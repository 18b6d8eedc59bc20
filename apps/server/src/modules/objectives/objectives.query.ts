import { type SQL, sql } from 'drizzle-orm';
import { SQL_EXPENSE_STATUS } from '../../db/sql-constants.ts';

/** Which objectives to read. */
export type ObjectiveFilter = { kind: 'plan'; planId: string } | { kind: 'objective'; objectiveId: string };

/** One objective with its aggregates; numerics and bigints come back as text (exact). */
export type ObjectiveFigureRow = {
  id: string;
  marketing_plan_id: string;
  name: string;
  description: string | null;
  funnel_stage_id: string | null;
  metric: string | null;
  metric_type: number;
  aggregation: number;
  higher_is_better: boolean;
  is_revenue: boolean;
  active: boolean;
  target_value: string;
  start_date: string;
  end_date: string;
  updated_at: string;
  version: number;
  result_count: number;
  latest_date: string | null;
  sum_value: string;
  latest_value: string;
  cut_count: number;
  cut_sum_value: string;
  cut_latest_value: string;
  item_count: number;
  allocated_cents: string;
  spent_cents: string;
  cut_spent_cents: string;
};

const objectiveCondition = (filter: ObjectiveFilter): SQL =>
  filter.kind === 'plan' ? sql`o.marketing_plan_id = ${filter.planId}` : sql`o.id = ${filter.objectiveId}`;

/**
 * Objectives with everything DESIGN.md §9 computes from, in ONE statement (no query per
 * objective or per item): results summed, the latest result picked, linked active items' amounts
 * and their actual spend summed in LATERAL subqueries that probe the (tenant, objective) and
 * (tenant, item) indexes; the spend comes from `expense_sums` (per item, month and status, migration
 * 1000). `cutoff` adds the same figures counting only what is dated up to that day (the performance
 * page's "end of last month" base for its deltas): the months before the cutoff's from the sums, its
 * own month from the item's expenses dated in it up to the cutoff (the (tenant, item, date) index of
 * migration 1001); a cutoff on a month's last day reads no expense (the split is the next day's month).
 * Used by the objectives API, the performance API and the benchmark.
 */
export const objectiveFiguresQuery = (tenantId: string, filter: ObjectiveFilter, cutoff: string): SQL => sql`
  SELECT
    o.id::text AS id, o.marketing_plan_id::text AS marketing_plan_id, o.name, o.description,
    o.funnel_stage_id::text AS funnel_stage_id, o.metric, o.metric_type::int AS metric_type, o.aggregation::int AS aggregation,
    o.higher_is_better, o.is_revenue, o.active, o.target_value::text AS target_value,
    o.start_date::text AS start_date, o.end_date::text AS end_date,
    to_char(o.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS updated_at, o.version::int AS version,
    coalesce(r.result_count, 0)::int AS result_count, r.latest_date::text AS latest_date,
    coalesce(r.sum_value, 0)::text AS sum_value, coalesce(r.latest_value, 0)::text AS latest_value,
    coalesce(r.cut_count, 0)::int AS cut_count,
    coalesce(r.cut_sum_value, 0)::text AS cut_sum_value, coalesce(r.cut_latest_value, 0)::text AS cut_latest_value,
    coalesce(b.item_count, 0)::int AS item_count, coalesce(b.allocated_cents, 0)::text AS allocated_cents,
    coalesce(b.spent_cents, 0)::text AS spent_cents, coalesce(b.cut_spent_cents, 0)::text AS cut_spent_cents
  FROM objectives o
  LEFT JOIN LATERAL (
    SELECT
      count(*) AS result_count,
      max(r.result_date) AS latest_date,
      sum(r.value) AS sum_value,
      (array_agg(r.value ORDER BY r.result_date DESC, r.created_at DESC, r.id DESC))[1] AS latest_value,
      count(*) FILTER (WHERE r.result_date <= ${cutoff}::date) AS cut_count,
      sum(r.value) FILTER (WHERE r.result_date <= ${cutoff}::date) AS cut_sum_value,
      (array_agg(r.value ORDER BY r.result_date DESC, r.created_at DESC, r.id DESC)
        FILTER (WHERE r.result_date <= ${cutoff}::date))[1] AS cut_latest_value
    FROM objective_results r
    WHERE r.tenant_id = o.tenant_id AND r.objective_id = o.id
  ) r ON true
  LEFT JOIN LATERAL (
    SELECT count(*) AS item_count, sum(bi.amount_cents) AS allocated_cents, sum(s.spent) AS spent_cents, sum(s.cut_spent) AS cut_spent_cents
    FROM budget_items bi
    LEFT JOIN LATERAL (
      SELECT sum(es.amount_cents) AS spent,
        coalesce(sum(es.amount_cents) FILTER (WHERE es.month < date_trunc('month', (${cutoff}::date + 1)::timestamp)::date), 0)
          + (SELECT coalesce(sum(e.amount_cents), 0) FROM expenses e
              WHERE e.tenant_id = bi.tenant_id AND e.budget_item_id = bi.id AND e.active AND e.approval <> 1 AND e.status = ${SQL_EXPENSE_STATUS.actual}
                AND e.purchase_date >= date_trunc('month', (${cutoff}::date + 1)::timestamp)::date AND e.purchase_date <= ${cutoff}::date)
          AS cut_spent
      FROM expense_sums es
      WHERE es.tenant_id = bi.tenant_id AND es.budget_item_id = bi.id AND es.status = ${SQL_EXPENSE_STATUS.actual}
    ) s ON true
    WHERE bi.tenant_id = o.tenant_id AND bi.objective_id = o.id AND bi.active
  ) b ON true
  WHERE o.tenant_id = ${tenantId} AND ${objectiveCondition(filter)}
  ORDER BY o.active DESC, o.start_date, o.name, o.id
`;
