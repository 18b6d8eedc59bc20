import { type SQL, sql } from 'drizzle-orm';
import { SQL_EXPENSE_STATUS } from '../../db/sql-constants.ts';

/** One (month, objective) cell: actual spend of the objective's items, and its results. Month rows of the plan carry no objective. */
export type PerformanceCellRow = {
  month: string;
  objective_id: string | null;
  /** 'plan' for the plan's months, 'data' for spend and results. */
  kind: 'plan' | 'data';
  spent_cents: string;
  sum_value: string | null;
  latest_value: string | null;
};

export type PerformanceTotalsRow = {
  budget_cents: string;
  committed_cents: string;
  planned_cents: string;
  spent_cents: string;
  cut_spent_cents: string;
};

/**
 * The plan's months and, per month and objective, actual spend and results, in ONE statement:
 * expenses (their sums per item, month and status, `expense_sums`) are grouped by month and by
 * their item's objective (null: items linked to none or inactive), results by month and objective (their sum and the month's latest), and the two
 * are joined; the plan's months come along so months without data are listed too.
 */
export const performanceCellsQuery = (tenantId: string, planId: string): SQL => sql`
  WITH spend AS (
    SELECT to_char(es.month, 'YYYY-MM') AS month, CASE WHEN bi.active THEN bi.objective_id END AS objective_id,
      sum(es.amount_cents) AS spent_cents
    FROM expense_sums es
    LEFT JOIN budget_items bi ON bi.tenant_id = es.tenant_id AND bi.id = es.budget_item_id
    WHERE es.tenant_id = ${tenantId} AND es.marketing_plan_id = ${planId} AND es.status = ${SQL_EXPENSE_STATUS.actual}
    GROUP BY 1, 2
  ), results AS (
    SELECT to_char(r.result_date, 'YYYY-MM') AS month, r.objective_id,
      sum(r.value) AS sum_value,
      (array_agg(r.value ORDER BY r.result_date DESC, r.created_at DESC, r.id DESC))[1] AS latest_value
    FROM objective_results r
    JOIN objectives o ON o.tenant_id = r.tenant_id AND o.id = r.objective_id
    WHERE r.tenant_id = ${tenantId} AND o.marketing_plan_id = ${planId}
    GROUP BY 1, 2
  )
  SELECT to_char(m, 'YYYY-MM') AS month, NULL::text AS objective_id, 'plan' AS kind, '0' AS spent_cents,
    NULL::text AS sum_value, NULL::text AS latest_value
  FROM marketing_plans p, generate_series(date_trunc('month', p.start_date), date_trunc('month', p.end_date), interval '1 month') AS m
  WHERE p.tenant_id = ${tenantId} AND p.id = ${planId}
  UNION ALL
  SELECT coalesce(s.month, r.month), coalesce(s.objective_id, r.objective_id)::text, 'data',
    coalesce(s.spent_cents, 0)::text, r.sum_value::text, r.latest_value::text
  FROM spend s
  FULL JOIN results r ON r.month = s.month AND r.objective_id = s.objective_id
`;

/**
 * The plan's budget (active items), committed and actual spend, and actual spend up to the cutoff, in one
 * statement. The money comes from `expense_sums`; the cutoff's own month is cut by day, so the months
 * before it come from the sums and only that month's actual expenses up to the cutoff are read one by
 * one (none when the cutoff is a month's last day, the Month deltas' base: the split is the month of
 * the day after the cutoff).
 */
export const performanceTotalsQuery = (tenantId: string, planId: string, cutoff: string): SQL => sql`
  SELECT
    (SELECT coalesce(sum(bi.amount_cents), 0) FROM budget_items bi
      WHERE bi.tenant_id = ${tenantId} AND bi.marketing_plan_id = ${planId} AND bi.active)::text AS budget_cents,
    coalesce(sum(es.amount_cents) FILTER (WHERE es.status = ${SQL_EXPENSE_STATUS.committed}), 0)::text AS committed_cents,
    coalesce(sum(es.amount_cents) FILTER (WHERE es.status = ${SQL_EXPENSE_STATUS.planned}), 0)::text AS planned_cents,
    coalesce(sum(es.amount_cents) FILTER (WHERE es.status = ${SQL_EXPENSE_STATUS.actual}), 0)::text AS spent_cents,
    (coalesce(sum(es.amount_cents) FILTER (
        WHERE es.status = ${SQL_EXPENSE_STATUS.actual} AND es.month < date_trunc('month', (${cutoff}::date + 1)::timestamp)::date), 0)
      + (SELECT coalesce(sum(e.amount_cents), 0) FROM expenses e
          WHERE e.tenant_id = ${tenantId} AND e.marketing_plan_id = ${planId} AND e.active AND e.approval <> 1 AND e.status = ${SQL_EXPENSE_STATUS.actual}
            AND e.purchase_date >= date_trunc('month', (${cutoff}::date + 1)::timestamp)::date AND e.purchase_date <= ${cutoff}::date)
    )::text AS cut_spent_cents
  FROM expense_sums es
  WHERE es.tenant_id = ${tenantId} AND es.marketing_plan_id = ${planId}
`;
