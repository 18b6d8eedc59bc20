import { type MonthKey, monthsBetween, spreadOverMonths } from '@plansmith/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { conflict } from '../../lib/http-errors.ts';
import { selectRows } from '../../db/rows.ts';
import type { PlanRow } from '../access/index.ts';

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
