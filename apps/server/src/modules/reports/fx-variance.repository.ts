import type { CurrencyCode } from '@plansmith/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cents, selectRows } from '../../db/rows.ts';
import { SQL_EXPENSE_STATUS } from '../../db/sql-constants.ts';

/**
 * The FX variance of one Actual expense in another currency (DESIGN.md §17), in minor units of the
 * base: its base amount (`amount_cents`, converted by migration 1070's trigger at its purchase
 * month's rate) minus its own amount converted at its plan's budget rate (the latest rate on or
 * before the plan's `budget_rate_month`, as `plansmith_to_base_budget` takes it). An expense whose
 * currency has no rate on or before the budget rate month has no budget figure to compare with: it
 * adds 0 (a report never fails on it, unlike a write). `e`, `p` (its plan) and `base` (the tenant's
 * base currency code) must be in scope; the LATERAL join `budget_rate` too (fxBudgetRateJoin).
 */
export const fxVarianceOfExpense = sql`CASE WHEN e.currency IS NOT NULL AND e.active AND e.status = ${SQL_EXPENSE_STATUS.actual}
    AND e.approval <> 1 AND budget_rate.rate IS NOT NULL
  THEN e.amount_cents - plansmith_convert(e.amount_minor, e.currency, budget_rate.rate, base.code) ELSE 0 END`;

/** The budget rate of expense `e` of plan `p` (NULL for a base-currency expense or when none exists). */
export const fxBudgetRateJoin = (tenantId: string): SQL => sql`LEFT JOIN LATERAL (
    SELECT r.rate FROM fx_rates r
    WHERE r.tenant_id = ${tenantId} AND e.currency IS NOT NULL AND r.currency = e.currency AND r.month <= p.budget_rate_month
    ORDER BY r.month DESC LIMIT 1
  ) budget_rate ON true`;

/** The tenant's base currency as `base.code`. */
export const fxBaseJoin = (tenantId: string): SQL =>
  sql`JOIN (SELECT t.base_currency AS code FROM tenants t WHERE t.id = ${tenantId}) base ON true`;

/** A plan's FX variance by budget category, in minor units of the base currency. */
export type PlanFx = {
  baseCurrency: CurrencyCode;
  /** Active expenses of the plan in another currency, any status. */
  foreignCount: number;
  /** FX variance per budget category (of the expense's item). */
  byCategory: Map<string, number>;
  /** The sum over the categories (what the report's total and the dashboard show). */
  total: number;
};

type RawFxRow = { base_currency: string; category_id: string | null; foreign_count: unknown; fx: unknown };

/**
 * One statement: the tenant's base currency, and per budget category the plan's active expenses in
 * another currency (count) and their FX variance. Reads only foreign expenses (the partial index of
 * migration 1070), so a plan in the base currency costs one index probe.
 */
export const selectPlanFx = async (db: Db, tenantId: string, planId: string): Promise<PlanFx> => {
  const rows = await selectRows<RawFxRow>(
    db,
    sql`
    SELECT t.base_currency, g.category_id, g.foreign_count, g.fx
    FROM tenants t
    LEFT JOIN (
      SELECT bi.budget_category_id::text AS category_id, count(*)::int AS foreign_count,
        sum(${fxVarianceOfExpense})::bigint AS fx
      FROM expenses e
      JOIN marketing_plans p ON p.tenant_id = e.tenant_id AND p.id = e.marketing_plan_id
      ${fxBaseJoin(tenantId)}
      LEFT JOIN budget_items bi ON bi.tenant_id = e.tenant_id AND bi.id = e.budget_item_id
      ${fxBudgetRateJoin(tenantId)}
      WHERE e.tenant_id = ${tenantId} AND e.marketing_plan_id = ${planId} AND e.currency IS NOT NULL AND e.active
      GROUP BY 1
    ) g ON true
    WHERE t.id = ${tenantId}`,
  );
  const byCategory = new Map<string, number>();
  let foreignCount = 0;
  let total = 0;
  for (const row of rows) {
    foreignCount += Number(row.foreign_count ?? 0);
    if (row.category_id === null) continue;
    const fx = cents(row.fx);
    byCategory.set(row.category_id, fx);
    total += fx;
  }
  return { baseCurrency: (rows[0]?.base_currency ?? 'USD') as CurrencyCode, foreignCount, byCategory, total };
};
