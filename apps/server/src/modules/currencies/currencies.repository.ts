import type { CurrencyCode } from '@plansmith/contract/currency-codes';
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { selectRows } from '../../db/rows.ts';
import { fxRates } from '../../schema/currencies.ts';
import { tenants } from '../../schema/tenants.ts';

export type RateRow = typeof fxRates.$inferSelect;

/** The tenant's base currency (null when the tenant is gone). */
export const findBaseCurrency = async (db: Db, tenantId: string): Promise<CurrencyCode | null> => {
  const [row] = await db.select({ base: tenants.baseCurrency }).from(tenants).where(eq(tenants.id, tenantId)).limit(1);
  return row?.base ?? null;
};

/**
 * Holds the tenant row until the transaction ends, so two rate saves of one tenant run one after
 * the other (a rate nobody had read is created once). NO KEY UPDATE: inserts elsewhere in the tenant
 * (which only take KEY SHARE on the tenant for their foreign key) do not wait for it.
 */
export const serializeRateWrites = async (db: Db, tenantId: string): Promise<void> => {
  await db.execute(sql`SELECT 1 FROM tenants WHERE id = ${tenantId} FOR NO KEY UPDATE`);
};

export const listRates = async (db: Db, tenantId: string, filter: { currency?: CurrencyCode | undefined; year?: number | undefined }) =>
  db
    .select()
    .from(fxRates)
    .where(
      and(
        eq(fxRates.tenantId, tenantId),
        filter.currency ? eq(fxRates.currency, filter.currency) : undefined,
        filter.year ? gte(fxRates.month, `${filter.year}-01-01`) : undefined,
        filter.year ? lt(fxRates.month, `${filter.year + 1}-01-01`) : undefined,
      ),
    )
    .orderBy(asc(fxRates.currency), asc(fxRates.month));

/** The rates of these (currency, month) keys, locked until the transaction ends. */
export const lockRates = async (db: Db, tenantId: string, keys: Array<{ currency: CurrencyCode; month: string }>): Promise<RateRow[]> => {
  if (keys.length === 0) return [];
  const wanted = sql.join(
    keys.map((key) => sql`(${key.currency}, ${key.month}::date)`),
    sql`, `,
  );
  return db
    .select()
    .from(fxRates)
    .where(and(eq(fxRates.tenantId, tenantId), sql`(${fxRates.currency}, ${fxRates.month}) IN (${wanted})`))
    .for('update');
};

/** Creates or changes the rates (the version trigger counts a change). */
export const upsertRates = async (
  db: Db,
  tenantId: string,
  rates: Array<{ currency: CurrencyCode; month: string; rate: string }>,
  userId: string,
  now: Date,
): Promise<void> => {
  for (let start = 0; start < rates.length; start += 500) {
    await db
      .insert(fxRates)
      .values(rates.slice(start, start + 500).map((rate) => ({ tenantId, ...rate, updatedBy: userId, updatedAt: now, version: 1 })))
      .onConflictDoUpdate({
        target: [fxRates.tenantId, fxRates.currency, fxRates.month],
        set: { rate: sql`excluded.rate`, updatedBy: sql`excluded.updated_by`, updatedAt: sql`excluded.updated_at` },
      });
  }
};

/** Currencies other than the base that plans, items or expenses use. */
export const listUsedCurrencies = async (db: Db, tenantId: string): Promise<CurrencyCode[]> =>
  (
    await selectRows<{ currency: CurrencyCode }>(
      db,
      sql`SELECT currency FROM marketing_plans WHERE tenant_id = ${tenantId} AND currency IS NOT NULL
          UNION SELECT currency FROM budget_items WHERE tenant_id = ${tenantId} AND currency IS NOT NULL
          UNION SELECT currency FROM expenses WHERE tenant_id = ${tenantId} AND currency IS NOT NULL
          ORDER BY currency`,
    )
  ).map((row) => row.currency);

/** Per foreign currency, the months (YYYY-MM) its expenses were bought in. */
export const listExpenseMonths = async (db: Db, tenantId: string) =>
  selectRows<{ currency: CurrencyCode; month: string }>(
    db,
    sql`SELECT DISTINCT currency, to_char(date_trunc('month', purchase_date), 'YYYY-MM') AS month
        FROM expenses WHERE tenant_id = ${tenantId} AND currency IS NOT NULL
        ORDER BY currency, month`,
  );

/**
 * The first plan (by name) whose `month` is closed and which has expenses in `currency` bought in
 * it: their base amounts would change with the rate, and nothing dated in a closed month changes.
 */
export const findClosedMonthWithExpenses = async (db: Db, tenantId: string, currency: CurrencyCode, month: string) => {
  const [row] = await selectRows<{ plan_name: string }>(
    db,
    sql`SELECT p.name AS plan_name
        FROM plan_periods c JOIN marketing_plans p ON p.tenant_id = c.tenant_id AND p.id = c.marketing_plan_id
        WHERE c.tenant_id = ${tenantId} AND c.month = ${month}::date
          AND EXISTS (SELECT 1 FROM expenses e
                      WHERE e.tenant_id = c.tenant_id AND e.marketing_plan_id = c.marketing_plan_id AND e.currency = ${currency}
                        AND e.purchase_date >= ${month}::date AND e.purchase_date < (${month}::date + interval '1 month'))
        ORDER BY p.name LIMIT 1`,
  );
  return row ? { planName: row.plan_name } : null;
};

/** Recomputes the base amount of the expenses in `currency` bought in `month` (their trigger converts); answers how many. */
export const reconvertExpenses = async (db: Db, tenantId: string, currency: CurrencyCode, month: string): Promise<number> => {
  const rows = await selectRows<{ id: string }>(
    db,
    sql`UPDATE expenses SET amount_minor = amount_minor
        WHERE tenant_id = ${tenantId} AND currency = ${currency}
          AND purchase_date >= ${month}::date AND purchase_date < (${month}::date + interval '1 month')
        RETURNING id`,
  );
  return rows.length;
};

/**
 * Plans with budget items in `currency` whose budget rate month is `month` or later: the latest rate
 * on or before their budget rate month may be the one that changed.
 */
export const listPlansBudgetingIn = async (db: Db, tenantId: string, currency: CurrencyCode, month: string): Promise<string[]> =>
  (
    await selectRows<{ id: string }>(
      db,
      sql`SELECT p.id FROM marketing_plans p
          WHERE p.tenant_id = ${tenantId} AND p.budget_rate_month >= ${month}::date
            AND EXISTS (SELECT 1 FROM budget_items i WHERE i.tenant_id = p.tenant_id AND i.marketing_plan_id = p.id AND i.currency = ${currency})
          ORDER BY p.id`,
    )
  ).map((row) => row.id);

/** Reconverts a plan's foreign budgets at its budget rate (migration 1070); answers how many items. */
export const reconvertPlanBudgets = async (db: Db, tenantId: string, planId: string): Promise<number> => {
  const [row] = await selectRows<{ items: number }>(db, sql`SELECT plansmith_reconvert_plan_budgets(${tenantId}, ${planId}) AS items`);
  return Number(row?.items ?? 0);
};

/** Moves a plan's budget rate month and reconverts its foreign budgets when it changed; answers how many items. */
export const setPlanBudgetRateMonth = async (db: Db, tenantId: string, planId: string, month: string): Promise<number> => {
  const [row] = await selectRows<{ items: number }>(
    db,
    sql`SELECT plansmith_set_budget_rate_month(${tenantId}, ${planId}, ${month}::date) AS items`,
  );
  return Number(row?.items ?? 0);
};

/** Unlocked plans of tenants in `timeZone` whose budget rate month is not `month`. */
export const listPlansToMove = async (db: Db, timeZone: string, month: string) =>
  selectRows<{ tenant_id: string; plan_id: string }>(
    db,
    sql`SELECT p.tenant_id, p.id AS plan_id
        FROM marketing_plans p JOIN tenants t ON t.id = p.tenant_id
        WHERE t.time_zone = ${timeZone} AND p.baseline_locked_at IS NULL AND p.budget_rate_month <> ${month}::date
        ORDER BY p.tenant_id, p.id`,
  );

export const listTimeZones = async (db: Db) =>
  (await selectRows<{ time_zone: string }>(db, sql`SELECT DISTINCT time_zone FROM tenants ORDER BY time_zone`)).map((row) => row.time_zone);
