import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { budgetItems } from '../../schema/budget.ts';
import { expenses } from '../../schema/expenses.ts';
import { lookups } from '../../schema/lookups.ts';
import type { Expense } from '@plansmith/contract';
import { cents } from '../../db/rows.ts';
import { toExpense } from './expenses.mappers.ts';
import { type ExpenseRow, expenseSelection } from './expenses.repository.ts';

/** Planned or committed, active, dated before today: money that should have become actual. */
const overdueWhere = (tenantId: string, planId: string, today: string) =>
  and(
    eq(expenses.tenantId, tenantId),
    eq(expenses.marketingPlanId, planId),
    eq(expenses.active, true),
    inArray(expenses.status, [1, 2]),
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

export const sumOverdueExpenses = async (db: Db, tenantId: string, planId: string, today: string) => {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`, amount: sql<string>`coalesce(sum(${expenses.amountCents}), 0)::bigint` })
    .from(expenses)
    .where(overdueWhere(tenantId, planId, today));
  return { count: Number(row?.count ?? 0), amount: cents(row?.amount) };
};
