import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cents, selectRows } from '../../db/rows.ts';
import { SQL_EXPENSE_STATUS } from '../../db/sql-constants.ts';

/** What the forecast of one plan is computed from, in cents; months are YYYY-MM. */
export type ForecastInputs = {
  items: Array<{ id: string; name: string; categoryId: string; active: boolean; amountCents: number }>;
  /** Phased items' months (item → month → cents). */
  phasing: Array<{ itemId: string; month: string; cents: number }>;
  /** Active expenses per item, month and status, from `expense_sums` (never summed from expenses). */
  spend: Array<{ itemId: string; month: string; planned: number; committed: number; actual: number }>;
  /** Saved forecast cells; `cents` null when cleared. */
  entered: Array<{ itemId: string; month: string; cents: number | null; version: number }>;
  closedMonths: string[];
  /** The baseline snapshot (item ids may name items deleted since the lock). */
  baseline: Array<{ itemId: string; month: string; cents: number }>;
};

/**
 * The plan's items, phasing, spend sums, forecasts, closed months and baseline: six statements whose
 * cost follows items × months, never the number of expenses (the dashboard is benchmarked).
 */
export const selectForecastInputs = async (db: Db, tenantId: string, planId: string, withBaseline: boolean): Promise<ForecastInputs> => {
  const [items, phasing, spend, entered, closed, baseline] = await Promise.all([
    selectRows<{ id: string; name: string; category_id: string; active: boolean; amount_cents: unknown }>(
      db,
      sql`SELECT bi.id::text AS id, bi.name, bi.budget_category_id::text AS category_id, bi.active, bi.amount_cents
          FROM budget_items bi
          JOIN budget_categories bc ON bc.tenant_id = bi.tenant_id AND bc.id = bi.budget_category_id
          WHERE bi.tenant_id = ${tenantId} AND bi.marketing_plan_id = ${planId}
          ORDER BY bc.sort_order, bc.name, bi.name, bi.id`,
    ),
    selectRows<{ item_id: string; month: string; amount_cents: unknown }>(
      db,
      sql`SELECT m.budget_item_id::text AS item_id, to_char(m.month, 'YYYY-MM') AS month, m.amount_cents
          FROM budget_item_months m
          JOIN budget_items bi ON bi.tenant_id = m.tenant_id AND bi.id = m.budget_item_id
          WHERE m.tenant_id = ${tenantId} AND bi.marketing_plan_id = ${planId}`,
    ),
    selectRows<{ item_id: string; month: string; planned: unknown; committed: unknown; actual: unknown }>(
      db,
      sql`SELECT es.budget_item_id::text AS item_id, to_char(es.month, 'YYYY-MM') AS month,
            coalesce(sum(es.amount_cents) FILTER (WHERE es.status = ${SQL_EXPENSE_STATUS.planned}), 0)::bigint AS planned,
            coalesce(sum(es.amount_cents) FILTER (WHERE es.status = ${SQL_EXPENSE_STATUS.committed}), 0)::bigint AS committed,
            coalesce(sum(es.amount_cents) FILTER (WHERE es.status = ${SQL_EXPENSE_STATUS.actual}), 0)::bigint AS actual
          FROM expense_sums es
          WHERE es.tenant_id = ${tenantId} AND es.marketing_plan_id = ${planId}
          GROUP BY es.budget_item_id, es.month`,
    ),
    selectRows<{ item_id: string; month: string; amount_cents: unknown; version: number }>(
      db,
      sql`SELECT f.budget_item_id::text AS item_id, to_char(f.month, 'YYYY-MM') AS month, f.amount_cents, f.version
          FROM budget_item_forecasts f
          JOIN budget_items bi ON bi.tenant_id = f.tenant_id AND bi.id = f.budget_item_id
          WHERE f.tenant_id = ${tenantId} AND bi.marketing_plan_id = ${planId}`,
    ),
    selectRows<{ month: string }>(
      db,
      sql`SELECT to_char(p.month, 'YYYY-MM') AS month FROM plan_periods p
          WHERE p.tenant_id = ${tenantId} AND p.marketing_plan_id = ${planId} ORDER BY p.month`,
    ),
    withBaseline
      ? selectRows<{ item_id: string; month: string; amount_cents: unknown }>(
          db,
          sql`SELECT b.budget_item_id::text AS item_id, to_char(b.month, 'YYYY-MM') AS month, b.amount_cents
              FROM budget_item_baselines b
              WHERE b.tenant_id = ${tenantId} AND b.marketing_plan_id = ${planId}`,
        )
      : Promise.resolve([]),
  ]);
  return {
    items: items.map((row) => ({
      id: row.id,
      name: row.name,
      categoryId: row.category_id,
      active: row.active,
      amountCents: cents(row.amount_cents),
    })),
    phasing: phasing.map((row) => ({ itemId: row.item_id, month: row.month, cents: cents(row.amount_cents) })),
    spend: spend.map((row) => ({
      itemId: row.item_id,
      month: row.month,
      planned: cents(row.planned),
      committed: cents(row.committed),
      actual: cents(row.actual),
    })),
    entered: entered.map((row) => ({
      itemId: row.item_id,
      month: row.month,
      cents: row.amount_cents === null ? null : cents(row.amount_cents),
      version: Number(row.version),
    })),
    closedMonths: closed.map((row) => row.month),
    baseline: baseline.map((row) => ({ itemId: row.item_id, month: row.month, cents: cents(row.amount_cents) })),
  };
};

/** The saved forecast cells of these items, locked until the transaction ends (a save checks their versions). */
export const lockForecastCells = async (
  tx: Db,
  tenantId: string,
  itemIds: readonly string[],
): Promise<Array<{ itemId: string; month: string; cents: number | null; version: number }>> => {
  const rows = await selectRows<{ item_id: string; month: string; amount_cents: unknown; version: number }>(
    tx,
    sql`SELECT f.budget_item_id::text AS item_id, to_char(f.month, 'YYYY-MM') AS month, f.amount_cents, f.version
        FROM budget_item_forecasts f
        WHERE f.tenant_id = ${tenantId} AND f.budget_item_id = ANY(${`{${itemIds.join(',')}}`}::uuid[])
        ORDER BY f.budget_item_id, f.month
        FOR UPDATE`,
  );
  return rows.map((row) => ({
    itemId: row.item_id,
    month: row.month,
    cents: row.amount_cents === null ? null : cents(row.amount_cents),
    version: Number(row.version),
  }));
};

/**
 * Writes the cells in one statement: new cells are inserted, saved ones updated in place (their
 * version counts on, migration 1021's trigger; a cleared cell keeps its row with a null amount).
 */
export const upsertForecastCells = async (
  tx: Db,
  tenantId: string,
  cells: ReadonlyArray<{ itemId: string; month: string; cents: number | null }>,
): Promise<void> => {
  if (cells.length === 0) return;
  const values = sql.join(
    cells.map((cell) => sql`(${tenantId}::uuid, ${cell.itemId}::uuid, ${`${cell.month}-01`}::date, ${cell.cents}::bigint)`),
    sql`, `,
  );
  await tx.execute(sql`
    INSERT INTO budget_item_forecasts (tenant_id, budget_item_id, month, amount_cents)
    VALUES ${values}
    ON CONFLICT (tenant_id, budget_item_id, month) DO UPDATE SET amount_cents = EXCLUDED.amount_cents`);
};

/** Who last wrote a forecast cell (its `changed_by`), by name, for the stale-write 409. */
export const selectCellWriter = async (
  db: Db,
  tenantId: string,
  itemId: string,
  month: string,
): Promise<{ actorId: string | null; firstName: string | null; lastName: string | null }> => {
  const [row] = await selectRows<{ actor_id: string | null; first_name: string | null; last_name: string | null }>(
    db,
    sql`SELECT f.changed_by::text AS actor_id, u.first_name, u.last_name
        FROM budget_item_forecasts f
        LEFT JOIN users u ON u.tenant_id = f.tenant_id AND u.id = f.changed_by
        WHERE f.tenant_id = ${tenantId} AND f.budget_item_id = ${itemId} AND f.month = ${`${month}-01`}::date`,
  );
  return { actorId: row?.actor_id ?? null, firstName: row?.first_name ?? null, lastName: row?.last_name ?? null };
};
