import { EXPENSE_STATUS } from '@plansmith/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cents, selectRows } from '../../db/rows.ts';
import { newId } from '../../lib/ids.ts';
import type { UnspentChoice } from '../../schema/forecast.ts';

/** A closed month of a plan (a plan_periods row) with who closed it. */
export type ClosedPeriodRow = { month: string; unspent: UnspentChoice; closed_at: Date; closed_by: string | null };

export const listClosedPeriods = (db: Db, tenantId: string, planId: string): Promise<ClosedPeriodRow[]> =>
  selectRows<ClosedPeriodRow>(
    db,
    sql`SELECT to_char(p.month, 'YYYY-MM') AS month, p.unspent, p.closed_at,
               nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') AS closed_by
        FROM plan_periods p
        LEFT JOIN users u ON u.tenant_id = p.tenant_id AND u.id = p.closed_by
        WHERE p.tenant_id = ${tenantId} AND p.marketing_plan_id = ${planId}
        ORDER BY p.month`,
  );

/** The plan's row locked until the transaction ends: closes and reopens of one plan run one at a time. */
export const lockPlan = async (db: Db, tenantId: string, planId: string): Promise<void> => {
  await db.execute(sql`SELECT 1 FROM marketing_plans WHERE tenant_id = ${tenantId} AND id = ${planId} FOR UPDATE`);
};

export type BlockerRow = {
  id: string;
  name: string;
  purchase_date: string;
  status: 1 | 2 | 3;
  /** Whether an approval request waits for it (DESIGN.md §15): it blocks whatever its Status. */
  pending_approval: boolean;
  amount_cents: number;
  budget_item_id: string | null;
  budget_item_name: string | null;
  version: number;
};

/**
 * The active Planned or Committed expenses of the plan dated before `before` (YYYY-MM-DD), and those
 * waiting for approval (expenses.approval 1, migration 1030) whatever their Status, oldest first.
 */
export const listBlockers = async (db: Db, tenantId: string, planId: string, before: string): Promise<BlockerRow[]> =>
  (
    await selectRows<BlockerRow>(
      db,
      sql`SELECT e.id, e.name, to_char(e.purchase_date, 'YYYY-MM-DD') AS purchase_date, e.status, e.approval = 1 AS pending_approval, e.amount_cents,
                 e.budget_item_id, bi.name AS budget_item_name, e.version
          FROM expenses e
          LEFT JOIN budget_items bi ON bi.tenant_id = e.tenant_id AND bi.id = e.budget_item_id
          WHERE e.tenant_id = ${tenantId} AND e.marketing_plan_id = ${planId} AND e.active
            AND (e.status IN (${EXPENSE_STATUS.planned}, ${EXPENSE_STATUS.committed}) OR e.approval = 1)
            AND e.purchase_date < ${before}::date
          ORDER BY e.purchase_date, e.name, e.id`,
    )
  ).map((row) => ({
    ...row,
    amount_cents: cents(row.amount_cents),
    status: Number(row.status) as 1 | 2 | 3,
    pending_approval: Boolean(row.pending_approval),
    version: Number(row.version),
  }));

/** `currency`/`amount_minor`: an item in another currency than the base (migration 1070), else null. */
export type PlanItemRow = {
  id: string;
  name: string;
  amount_cents: number;
  currency: string | null;
  amount_minor: number | null;
  active: boolean;
  phased: boolean;
};

/** Every item of the plan, by name, with whether it has a phasing (budget_item_months rows). */
export const listPlanItems = async (db: Db, tenantId: string, planId: string, lock = false): Promise<PlanItemRow[]> =>
  (
    await selectRows<PlanItemRow>(
      db,
      sql`SELECT bi.id, bi.name, bi.amount_cents, bi.currency, bi.amount_minor, bi.active,
                 EXISTS (SELECT 1 FROM budget_item_months m WHERE m.tenant_id = bi.tenant_id AND m.budget_item_id = bi.id) AS phased
          FROM budget_items bi
          WHERE bi.tenant_id = ${tenantId} AND bi.marketing_plan_id = ${planId}
          ORDER BY ${lock ? sql`bi.id` : sql`lower(bi.name), bi.id`}
          ${lock ? sql`FOR UPDATE OF bi` : sql``}`,
    )
  ).map((row) => ({
    ...row,
    amount_cents: cents(row.amount_cents),
    amount_minor: row.amount_minor === null ? null : cents(row.amount_minor),
  }));

/**
 * The tenant's base currency and, per currency, the plan's budget rate (migration 1070): the latest
 * rate on or before the plan's budget_rate_month, as the budget triggers convert with it.
 */
export const budgetRates = async (db: Db, tenantId: string, planId: string): Promise<{ base: string; rates: Map<string, string> }> => {
  const [tenant] = await selectRows<{ base_currency: string }>(db, sql`SELECT base_currency FROM tenants WHERE id = ${tenantId}`);
  const rows = await selectRows<{ currency: string; rate: string }>(
    db,
    sql`SELECT DISTINCT ON (r.currency) r.currency, r.rate::text AS rate
        FROM fx_rates r
        JOIN marketing_plans p ON p.tenant_id = r.tenant_id AND p.id = ${planId}
        WHERE r.tenant_id = ${tenantId} AND r.month <= p.budget_rate_month
        ORDER BY r.currency, r.month DESC`,
  );
  return { base: tenant?.base_currency ?? 'USD', rates: new Map(rows.map((row) => [row.currency, row.rate])) };
};

/** One item's month cell: its base cents and, for a foreign item, its own minor units; null when it has none. */
export const monthCell = async (
  db: Db,
  tenantId: string,
  itemId: string,
  month: string,
): Promise<{ amountCents: number; amountMinor: number | null } | null> => {
  const [row] = await selectRows<{ amount_cents: unknown; amount_minor: unknown }>(
    db,
    sql`SELECT amount_cents, amount_minor FROM budget_item_months
        WHERE tenant_id = ${tenantId} AND budget_item_id = ${itemId} AND month = ${`${month}-01`}::date`,
  );
  return row ? { amountCents: cents(row.amount_cents), amountMinor: row.amount_minor === null ? null : cents(row.amount_minor) } : null;
};

/** The phased cells of the plan's items in the given months (YYYY-MM-01 keys): item → month → cents. */
export const listMonthCells = async (db: Db, tenantId: string, planId: string, months: readonly string[]) => {
  const cells = new Map<string, Map<string, number>>();
  if (months.length === 0) return cells;
  const rows = await selectRows<{ item_id: string; month: string; amount_cents: unknown }>(
    db,
    sql`SELECT m.budget_item_id AS item_id, to_char(m.month, 'YYYY-MM') AS month, m.amount_cents
        FROM budget_item_months m
        JOIN budget_items bi ON bi.tenant_id = m.tenant_id AND bi.id = m.budget_item_id
        WHERE m.tenant_id = ${tenantId} AND bi.marketing_plan_id = ${planId}
          AND m.month IN (${sql.join(
            months.map((month) => sql`${`${month}-01`}::date`),
            sql`, `,
          )})`,
  );
  for (const row of rows) {
    const item = cells.get(row.item_id) ?? new Map<string, number>();
    item.set(row.month, cents(row.amount_cents));
    cells.set(row.item_id, item);
  }
  return cells;
};

/** Actual expenses per item in one month (YYYY-MM), from the kept sums (migration 1000). */
export const actualsOfMonth = async (db: Db, tenantId: string, planId: string, month: string): Promise<Map<string, number>> => {
  const rows = await selectRows<{ item_id: string; amount_cents: unknown }>(
    db,
    sql`SELECT budget_item_id AS item_id, sum(amount_cents)::bigint AS amount_cents
        FROM expense_sums
        WHERE tenant_id = ${tenantId} AND marketing_plan_id = ${planId} AND month = ${`${month}-01`}::date AND status = ${EXPENSE_STATUS.actual}
        GROUP BY budget_item_id`,
  );
  return new Map(rows.map((row) => [row.item_id, cents(row.amount_cents)]));
};

/**
 * Inserts month cells (an unphased item's explicit phasing). A foreign item's cell gives `amountMinor`
 * (its own units) and 0 cents: the trigger (migration 1070) computes its base amount.
 */
export const insertMonthCells = async (
  db: Db,
  tenantId: string,
  cells: ReadonlyArray<{ itemId: string; month: string; amountCents: number; amountMinor?: number | null }>,
): Promise<void> => {
  for (let start = 0; start < cells.length; start += 1000) {
    const chunk = cells.slice(start, start + 1000);
    await db.execute(
      sql`INSERT INTO budget_item_months (tenant_id, budget_item_id, month, amount_cents, amount_minor) VALUES ${sql.join(
        chunk.map(
          (cell) =>
            sql`(${tenantId}, ${cell.itemId}, ${`${cell.month}-01`}::date, ${cell.amountCents}, ${cell.amountMinor ?? null}::bigint)`,
        ),
        sql`, `,
      )}`,
    );
  }
};

/** Sets one month cell to `amountCents` (inserting it when the item has none for that month). */
export const setMonthCell = async (db: Db, tenantId: string, itemId: string, month: string, amountCents: number): Promise<void> => {
  await db.execute(
    sql`INSERT INTO budget_item_months (tenant_id, budget_item_id, month, amount_cents)
        VALUES (${tenantId}, ${itemId}, ${`${month}-01`}::date, ${amountCents})
        ON CONFLICT (tenant_id, budget_item_id, month) DO UPDATE SET amount_cents = excluded.amount_cents`,
  );
};

/** Sets one month cell of a foreign item to `amountMinor` of its own units (the trigger computes its base amount). */
export const setMonthCellMinor = async (db: Db, tenantId: string, itemId: string, month: string, amountMinor: number): Promise<void> => {
  await db.execute(
    sql`INSERT INTO budget_item_months (tenant_id, budget_item_id, month, amount_cents, amount_minor)
        VALUES (${tenantId}, ${itemId}, ${`${month}-01`}::date, 0, ${amountMinor})
        ON CONFLICT (tenant_id, budget_item_id, month) DO UPDATE SET amount_minor = excluded.amount_minor`,
  );
};

/** A foreign item's Amount set to `amountMinor` of its own units (a release; the trigger computes its base amount). */
export const setItemMinor = async (db: Db, tenantId: string, itemId: string, now: Date, amountMinor: number): Promise<void> => {
  await db.execute(
    sql`UPDATE budget_items SET updated_at = ${now}, amount_minor = ${amountMinor} WHERE tenant_id = ${tenantId} AND id = ${itemId}`,
  );
};

/** Marks items changed by a close (their Amount, when given, and updated_at): an import's undo then sees them as changed. */
export const touchItem = async (db: Db, tenantId: string, itemId: string, now: Date, amountCents?: number): Promise<void> => {
  await db.execute(
    sql`UPDATE budget_items SET updated_at = ${now}${amountCents === undefined ? sql`` : sql`, amount_cents = ${amountCents}`}
        WHERE tenant_id = ${tenantId} AND id = ${itemId}`,
  );
};

export type BudgetChangeRow = {
  planId: string;
  itemId: string;
  itemName: string;
  month: string;
  kind: 3 | 4;
  groupId: string;
  beforeCents: number;
  afterCents: number;
  reason: string;
};

/** The close's budget changes (kind 3 roll forward, 4 release; DESIGN.md §14), read by the budget changes list. */
export const insertBudgetChanges = async (db: Db, tenantId: string, rows: readonly BudgetChangeRow[], by: string, at: Date) => {
  if (rows.length === 0) return;
  for (let start = 0; start < rows.length; start += 1000) {
    await db.execute(
      sql`INSERT INTO budget_changes (tenant_id, id, marketing_plan_id, budget_item_id, budget_item_name, month, kind, group_id,
                                      before_cents, after_cents, reason, changed_by, changed_at)
          VALUES ${sql.join(
            rows.slice(start, start + 1000).map(
              (row) =>
                sql`(${tenantId}, ${newId()}, ${row.planId}, ${row.itemId}, ${row.itemName}, ${`${row.month}-01`}::date, ${row.kind},
                       ${row.groupId}, ${row.beforeCents}, ${row.afterCents}, ${row.reason}, ${by}, ${at})`,
            ),
            sql`, `,
          )}`,
    );
  }
};

export const insertPeriod = async (
  db: Db,
  tenantId: string,
  planId: string,
  month: string,
  unspent: UnspentChoice,
  by: string,
  at: Date,
) => {
  await db.execute(
    sql`INSERT INTO plan_periods (tenant_id, marketing_plan_id, month, unspent, closed_by, closed_at)
        VALUES (${tenantId}, ${planId}, ${`${month}-01`}::date, ${unspent}, ${by}, ${at})`,
  );
};

export const deletePeriod = async (db: Db, tenantId: string, planId: string, month: string): Promise<void> => {
  await db.execute(
    sql`DELETE FROM plan_periods WHERE tenant_id = ${tenantId} AND marketing_plan_id = ${planId} AND month = ${`${month}-01`}::date`,
  );
};
