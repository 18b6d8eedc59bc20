import { type MonthKey, monthsBetween, spreadOverMonths } from '@plansmith/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { conflict, fieldError } from '../../lib/http-errors.ts';
import { selectRows } from '../../db/rows.ts';
import type { PlanRow } from '../access/index.ts';
import { formatCents } from './budget-rules.ts';

/** "March 2026", as the closed-month trigger (migration 1021) names a month. */
const longMonth = (month: MonthKey): string =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * The first closed month (DESIGN.md §14) in which the item has budget: a month cell that is not
 * zero, or, for an unphased item, its share of the Amount spread evenly over the plan's months.
 * Deleting the item cascades to its cells, which the closed-month trigger lets through (the item is
 * gone), so the delete asks here first.
 */
export const findClosedMonthWithBudget = async (
  db: Db,
  tenantId: string,
  plan: PlanRow,
  item: { id: string; amountCents: number },
): Promise<MonthKey | null> => {
  const rows = await selectRows<{ month: string; cell: unknown; phased: boolean }>(
    db,
    sql`SELECT to_char(p.month, 'YYYY-MM') AS month, m.amount_cents AS cell,
               EXISTS (SELECT 1 FROM budget_item_months x WHERE x.tenant_id = ${tenantId} AND x.budget_item_id = ${item.id}) AS phased
        FROM plan_periods p
        LEFT JOIN budget_item_months m ON m.tenant_id = p.tenant_id AND m.budget_item_id = ${item.id} AND m.month = p.month
        WHERE p.tenant_id = ${tenantId} AND p.marketing_plan_id = ${plan.id}
        ORDER BY p.month`,
  );
  if (rows.length === 0) return null;
  const spread = new Map(spreadOverMonths(item.amountCents, monthsBetween(plan.startDate, plan.endDate)));
  const found = rows.find((row) => (row.phased ? Number(row.cell ?? 0) !== 0 : (spread.get(row.month) ?? 0) !== 0));
  return found?.month ?? null;
};

/** 409 naming the closed month when deleting the item would take budget out of it. */
export const refuseDeleteInClosedMonth = async (
  db: Db,
  tenantId: string,
  plan: PlanRow,
  item: { id: string; name: string; amountCents: number },
) => {
  const month = await findClosedMonthWithBudget(db, tenantId, plan, item);
  if (month) {
    throw conflict(
      `“${item.name}” cannot be deleted: it has budget in ${longMonth(month)}, which is closed. An Admin can reopen it on the Close page.`,
    );
  }
};

/** The plan's closed months (YYYY-MM), first to last. */
export const listClosedMonths = async (db: Db, tenantId: string, planId: string): Promise<MonthKey[]> =>
  (
    await selectRows<{ month: string }>(
      db,
      sql`SELECT to_char(month, 'YYYY-MM') AS month FROM plan_periods
          WHERE tenant_id = ${tenantId} AND marketing_plan_id = ${planId} ORDER BY month`,
    )
  ).map((row) => row.month);

type Cells = ReadonlyArray<{ month: string; amountCents: number }>;

/**
 * The months an item's Save writes in a plan with closed months (DESIGN.md §14). The grid spreads an
 * unphased item's Amount over every month of the plan, closed ones too, and no month row exists for
 * the closed-month trigger to refuse; so where an item would be left unphased (created without
 * months, its Amount changed while unphased, or its phasing cleared), its Amount is spread evenly
 * over the OPEN months only and stored as its months: the closed months keep what they hold (their
 * cells as they are, none for a new item). An explicit phasing keeps the closed months' zero cells it
 * leaves out (the form sends only months with money), so only a real change reaches the trigger.
 * Answers `next` unchanged when the plan has no closed month.
 */
export const phaseAroundClosedMonths = async (
  db: Db,
  tenantId: string,
  plan: PlanRow,
  item: { name: string; amountCents: number; amountBefore: number | null; current: Cells; next: Cells | null },
): Promise<{ month: string; amountCents: number }[] | null> => {
  const closed = new Set(await listClosedMonths(db, tenantId, plan.id));
  if (closed.size === 0) return item.next && [...item.next];
  const inClosed = item.current.filter((cell) => closed.has(cell.month.slice(0, 7)));
  if (item.next && item.next.length > 0) {
    const listed = new Set(item.next.map((cell) => cell.month.slice(0, 7)));
    const keptZeros = inClosed.filter((cell) => cell.amountCents === 0 && !listed.has(cell.month.slice(0, 7)));
    return [...item.next, ...keptZeros].sort((a, b) => a.month.localeCompare(b.month));
  }
  // Phased now and kept (Months missing): nothing to spread.
  if (item.next === null && item.current.length > 0) return null;
  // Unphased, Amount unchanged (a rename, a new category): its spread is what it was.
  if (item.next === null && item.amountBefore === item.amountCents) return null;
  // Unphased before this save with budget in a closed month (made before this rule): its share there
  // cannot be written as a cell (the month is closed), so its Amount stays until it is phased.
  if (item.current.length === 0 && item.amountBefore !== null) {
    const months = monthsBetween(plan.startDate, plan.endDate);
    const share = spreadOverMonths(item.amountBefore, months).find(([month, cents]) => closed.has(month) && cents !== 0);
    if (share) {
      throw conflict(
        `“${item.name}” is spread over every month of the plan, and ${longMonth(share[0])} is closed: changing its Amount would change that month’s budget. Phase it by month, leaving the closed months as they are.`,
      );
    }
  }
  const closedCents = inClosed.reduce((sum, cell) => sum + cell.amountCents, 0);
  if (item.amountCents === 0 && inClosed.length === 0) return item.next && [...item.next];
  const open = monthsBetween(plan.startDate, plan.endDate).filter((month) => !closed.has(month));
  const rest = item.amountCents - closedCents;
  if (rest < 0) {
    throw fieldError('Amount', `“${item.name}” has ${formatCents(closedCents)} in closed months: its Amount cannot be less.`);
  }
  if (open.length === 0 && rest > 0) {
    throw conflict(
      `Every month of “${plan.name}” is closed: “${item.name}” has no open month to hold its budget. An Admin can reopen the last month on the Close page.`,
    );
  }
  return [...inClosed, ...spreadOverMonths(rest, open).map(([month, amountCents]) => ({ month: `${month}-01`, amountCents }))].sort(
    (a, b) => a.month.localeCompare(b.month),
  );
};

/**
 * After an import of budget items into a plan with closed months, its items without months get
 * their Amount spread over the open months (phaseAroundClosedMonths' rule for a new item), in the
 * import's transaction.
 */
export const phaseImportedItems = async (db: Db, tenantId: string, plan: PlanRow, importId: string): Promise<void> => {
  const closed = new Set(await listClosedMonths(db, tenantId, plan.id));
  if (closed.size === 0) return;
  // A foreign item (issue 34) is spread in its own minor units: its months carry amount_minor and the
  // trigger converts each (writing only their base amount would be refused, PSF02).
  const items = await selectRows<{ id: string; name: string; amount_cents: unknown; amount_minor: unknown }>(
    db,
    sql`SELECT bi.id, bi.name, bi.amount_cents, bi.amount_minor FROM import_rows r
        JOIN budget_items bi ON bi.tenant_id = r.tenant_id AND bi.id = r.entity_id
        WHERE r.tenant_id = ${tenantId} AND r.import_id = ${importId} AND bi.amount_cents <> 0
          AND NOT EXISTS (SELECT 1 FROM budget_item_months m WHERE m.tenant_id = bi.tenant_id AND m.budget_item_id = bi.id)
        ORDER BY r.source_row`,
  );
  const open = monthsBetween(plan.startDate, plan.endDate).filter((month) => !closed.has(month));
  const first = items[0];
  if (first && open.length === 0) {
    throw conflict(
      `Every month of “${plan.name}” is closed: “${first.name}” has no open month to hold its budget. An Admin can reopen the last month on the Close page.`,
    );
  }
  const cells = items.flatMap((item) =>
    item.amount_minor === null
      ? spreadOverMonths(Number(item.amount_cents), open).map(
          ([month, amountCents]) => sql`(${tenantId}, ${item.id}, ${`${month}-01`}::date, ${amountCents}, NULL::bigint)`,
        )
      : spreadOverMonths(Number(item.amount_minor), open).map(
          ([month, amountMinor]) => sql`(${tenantId}, ${item.id}, ${`${month}-01`}::date, 0, ${amountMinor}::bigint)`,
        ),
  );
  for (let start = 0; start < cells.length; start += 1000) {
    await db.execute(
      sql`INSERT INTO budget_item_months (tenant_id, budget_item_id, month, amount_cents, amount_minor) VALUES ${sql.join(cells.slice(start, start + 1000), sql`, `)}`,
    );
  }
};

/**
 * 409 naming the first item an import's undo would delete with budget in a closed month (a cell
 * that is not zero, or an unphased item's share of its spread): the cascade to its cells passes the
 * closed-month trigger, so the undo asks first and removes nothing.
 */
export const refuseUndoInClosedMonth = async (db: Db, tenantId: string, plan: PlanRow, importId: string, fileName: string) => {
  const closed = await listClosedMonths(db, tenantId, plan.id);
  if (closed.length === 0) return;
  const spreadMonths = monthsBetween(plan.startDate, plan.endDate);
  const items = await selectRows<{ name: string; amount_cents: unknown; source_row: number; phased: boolean; cell_month: string | null }>(
    db,
    sql`SELECT bi.name, bi.amount_cents, r.source_row,
               EXISTS (SELECT 1 FROM budget_item_months x WHERE x.tenant_id = bi.tenant_id AND x.budget_item_id = bi.id) AS phased,
               (SELECT to_char(min(m.month), 'YYYY-MM') FROM budget_item_months m
                  JOIN plan_periods p ON p.tenant_id = m.tenant_id AND p.marketing_plan_id = bi.marketing_plan_id AND p.month = m.month
                 WHERE m.tenant_id = bi.tenant_id AND m.budget_item_id = bi.id AND m.amount_cents <> 0) AS cell_month
        FROM import_rows r
        JOIN budget_items bi ON bi.tenant_id = r.tenant_id AND bi.id = r.entity_id
        WHERE r.tenant_id = ${tenantId} AND r.import_id = ${importId}
        ORDER BY r.source_row`,
  );
  for (const item of items) {
    const month = item.phased
      ? item.cell_month
      : (spreadOverMonths(Number(item.amount_cents), spreadMonths).find(([key, cents]) => closed.includes(key) && cents !== 0)?.[0] ??
        null);
    if (month) {
      throw conflict(
        `Row ${item.source_row} of ${fileName} (“${item.name}”) has budget in ${longMonth(month)}, which is closed: undoing the import would take it out. Nothing was removed. An Admin can reopen the month on the Close page.`,
      );
    }
  }
};
