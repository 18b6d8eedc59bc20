import { and, asc, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { budgetItems } from '../../schema/budget.ts';
import { expenses } from '../../schema/expenses.ts';
import { lookups } from '../../schema/lookups.ts';
import type { Expense } from '@plansmith/contract';
import { cents, selectRows } from '../../db/rows.ts';
import { SQL_EXPENSE_STATUS } from '../../db/sql-constants.ts';
import { toExpense } from './expenses.mappers.ts';
import { type ExpenseRow, expenseSelection } from './expenses.repository.ts';

/** Planned or committed (not a pending request), active, dated before today: money that should have become actual. */
const overdueWhere = (tenantId: string, planId: string, today: string) =>
  and(
    eq(expenses.tenantId, tenantId),
    eq(expenses.marketingPlanId, planId),
    eq(expenses.active, true),
    inArray(expenses.status, [1, 2]),
    // A pending request is not open money until it is approved (DESIGN.md §15; migration 1030's index).
    ne(expenses.approval, 1),
    lt(expenses.purchaseDate, today),
  );

export const listOverdueExpenses = async (db: Db, tenantId: string, planId: string, today: string, limit: number): Promise<Expense[]> => {
  const rows: ExpenseRow[] = await db
    .select(expenseSelection)
    .from(expenses)
    .leftJoin(budgetItems, and(eq(budgetItems.tenantId, expenses.tenantId), eq(budgetItems.id, expenses.budgetItemId)))
    .leftJoin(lookups, and(eq(lookups.tenantId, expenses.tenantId), eq(lookups.id, expenses.generalLedgerCodeId)))
    .where(overdueWhere(tenantId, planId, today))
    .orderBy(asc(expenses.purchaseDate), asc(expenses.id))
    .limit(limit);
  return rows.map(toExpense);
};

/**
 * How many overdue expenses and their money. The months before today's come from `expense_sums`
 * (migration 1000: per item, month and status), so the cost follows items × months; only today's
 * month, cut by day, is read expense by expense.
 */
export const sumOverdueExpenses = async (db: Db, tenantId: string, planId: string, today: string) => {
  const [row] = await selectRows<{ count: unknown; amount: unknown }>(
    db,
    sql`WITH month_start AS (SELECT date_trunc('month', ${today}::date::timestamp)::date AS day),
      earlier AS (
        SELECT coalesce(sum(es.expense_count), 0) AS count, coalesce(sum(es.amount_cents), 0) AS amount
        FROM expense_sums es
        WHERE es.tenant_id = ${tenantId} AND es.marketing_plan_id = ${planId}
          AND es.status IN (${SQL_EXPENSE_STATUS.planned}, ${SQL_EXPENSE_STATUS.committed}) AND es.month < (SELECT day FROM month_start)
      ), this_month AS (
        SELECT count(*) AS count, coalesce(sum(e.amount_cents), 0) AS amount
        FROM expenses e
        WHERE e.tenant_id = ${tenantId} AND e.marketing_plan_id = ${planId} AND e.active
          AND e.status IN (${SQL_EXPENSE_STATUS.planned}, ${SQL_EXPENSE_STATUS.committed}) AND e.approval <> 1
          AND e.purchase_date >= (SELECT day FROM month_start) AND e.purchase_date < ${today}::date
      )
      SELECT (earlier.count + this_month.count)::int AS count, (earlier.amount + this_month.amount)::bigint AS amount
      FROM earlier, this_month`,
  );
  return { count: Number(row?.count ?? 0), amount: cents(row?.amount) };
};
