import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cents, selectRows } from '../../db/rows.ts';
import { SQL_EXPENSE_STATUS } from '../../db/sql-constants.ts';

export type MonthSpend = { month: string; planned: number; committed: number; actual: number; count: number };

/**
 * Active expenses of the plan by month (YYYY-MM) and status, in cents, and how many are committed
 * or actual: read from `expense_sums` (migration 1000), so the cost follows items × months.
 */
export const selectSpendByMonth = async (db: Db, tenantId: string, planId: string): Promise<MonthSpend[]> => {
  const rows = await selectRows<{ month: string; planned: unknown; committed: unknown; actual: unknown; count: unknown }>(
    db,
    sql`
      SELECT to_char(es.month, 'YYYY-MM') AS month,
        coalesce(sum(es.amount_cents) FILTER (WHERE es.status = ${SQL_EXPENSE_STATUS.planned}), 0)::bigint AS planned,
        coalesce(sum(es.amount_cents) FILTER (WHERE es.status = ${SQL_EXPENSE_STATUS.committed}), 0)::bigint AS committed,
        coalesce(sum(es.amount_cents) FILTER (WHERE es.status = ${SQL_EXPENSE_STATUS.actual}), 0)::bigint AS actual,
        coalesce(sum(es.expense_count) FILTER (WHERE es.status IN (${SQL_EXPENSE_STATUS.committed}, ${SQL_EXPENSE_STATUS.actual})), 0)::int AS count
      FROM expense_sums es
      WHERE es.tenant_id = ${tenantId} AND es.marketing_plan_id = ${planId}
      GROUP BY 1
      ORDER BY 1`,
  );
  return rows.map((row) => ({
    month: row.month,
    planned: cents(row.planned),
    committed: cents(row.committed),
    actual: cents(row.actual),
    count: Number(row.count),
  }));
};

export type PhasedBudget = { months: Map<string, number>; unphasedCents: number };

/**
 * The plan's budget over time: the phased months of active items (YYYY-MM → cents), and the sum
 * of active items that have no phasing (spread over the plan by the caller).
 */
export const selectPhasedBudget = async (db: Db, tenantId: string, planId: string): Promise<PhasedBudget> => {
  const rows = await selectRows<{ month: string | null; amount: unknown }>(
    db,
    sql`
      SELECT to_char(m.month, 'YYYY-MM') AS month, sum(m.amount_cents)::bigint AS amount
      FROM budget_item_months m
      JOIN budget_items bi ON bi.tenant_id = m.tenant_id AND bi.id = m.budget_item_id
      WHERE m.tenant_id = ${tenantId} AND bi.marketing_plan_id = ${planId} AND bi.active
      GROUP BY 1
      UNION ALL
      SELECT NULL, coalesce(sum(bi.amount_cents), 0)::bigint
      FROM budget_items bi
      WHERE bi.tenant_id = ${tenantId} AND bi.marketing_plan_id = ${planId} AND bi.active
        AND NOT EXISTS (SELECT 1 FROM budget_item_months m WHERE m.tenant_id = bi.tenant_id AND m.budget_item_id = bi.id)`,
  );
  const months = new Map<string, number>();
  let unphasedCents = 0;
  for (const row of rows) {
    if (row.month === null) unphasedCents = cents(row.amount);
    else months.set(row.month, cents(row.amount));
  }
  return { months, unphasedCents };
};

export type PayeeSpend = { payee: string | null; committed: number; actual: number; count: number };

/**
 * The payees with the most committed and actual money, from `expense_payee_sums` (migration 1002:
 * per plan, payee and status), so the cost follows the plan's payees, not its expenses.
 */
export const selectTopPayees = async (db: Db, tenantId: string, planId: string, limit: number): Promise<PayeeSpend[]> => {
  const rows = await selectRows<{ payee: string | null; committed: unknown; actual: unknown; count: unknown }>(
    db,
    sql`
      SELECT CASE WHEN ps.no_payee THEN NULL ELSE ps.payee END AS payee,
        coalesce(sum(ps.amount_cents) FILTER (WHERE ps.status = ${SQL_EXPENSE_STATUS.committed}), 0)::bigint AS committed,
        coalesce(sum(ps.amount_cents) FILTER (WHERE ps.status = ${SQL_EXPENSE_STATUS.actual}), 0)::bigint AS actual,
        sum(ps.expense_count)::int AS count
      FROM expense_payee_sums ps
      WHERE ps.tenant_id = ${tenantId} AND ps.marketing_plan_id = ${planId} AND ps.status IN (${SQL_EXPENSE_STATUS.committed}, ${SQL_EXPENSE_STATUS.actual})
      GROUP BY ps.no_payee, ps.payee
      ORDER BY sum(ps.amount_cents) DESC, CASE WHEN ps.no_payee THEN NULL ELSE ps.payee END NULLS LAST
      LIMIT ${limit}`,
  );
  return rows.map((row) => ({ payee: row.payee, committed: cents(row.committed), actual: cents(row.actual), count: Number(row.count) }));
};
