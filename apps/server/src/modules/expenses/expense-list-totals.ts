// GetExpenses' totals (issue 29.2) from the kept sums when the filter allows, so a list's Count and
// money cost what the plan's items × months do, not its expenses (a plan of 100,000 expenses summed
// every matching row for each page). The sums (expense_sums, migration 1000) hold the active
// expenses per item, plan, month and status; the inactive ones, which the Count includes, are
// counted through their own partial index (migration 1040).
// They can answer a filter of a plan or an item, a status and dates on whole months. Anything else
// (a text search, a payee, a category type, a date inside a month) is answered from the expenses.
// With approvals (migration 1030) a pending expense is kept under status 4, counted as Requested:
// without a Status filter that is what the rows' totals say too; with one, the pending expense's own
// status is not in the sums, so a range holding a status-4 key is answered from the expenses.
import { and, eq, gte, lt, lte, not, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cents } from '../../db/rows.ts';
import { expenseSums, expenses } from '../../schema/expenses.ts';
import { type ExpenseFilter, type ExpenseSums, sumExpenses } from './expenses.repository.ts';

/** The totals a list shows, Requested (pending approval) included. */
export type ListTotals = ExpenseSums & { requested: number };

const isoDayAfter = (date: string): string => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const isFirstOfMonth = (date: string): boolean => date.endsWith('-01');

/**
 * The months [from, to) the filter's dates cover whole (null ends are open), or null when a date
 * falls inside a month (the sums cannot cut a month).
 */
export const wholeMonths = (
  dateFrom: string | undefined,
  dateTo: string | undefined,
): { from: string | null; to: string | null } | null => {
  if (dateFrom && !isFirstOfMonth(dateFrom)) return null;
  const to = dateTo ? isoDayAfter(dateTo) : null;
  if (to && !isFirstOfMonth(to)) return null;
  return { from: dateFrom ?? null, to };
};

/** The statement of keptListTotals (for a filter the sums can answer: a plan, whole months). */
export const keptTotalsQuery = (
  db: Db,
  tenantId: string,
  filter: ExpenseFilter & { marketingPlanId: string },
  months: { from: string | null; to: string | null },
) => {
  const kept: (SQL | undefined)[] = [
    eq(expenseSums.tenantId, tenantId),
    eq(expenseSums.marketingPlanId, filter.marketingPlanId),
    filter.budgetItemId ? eq(expenseSums.budgetItemId, filter.budgetItemId) : undefined,
    // A status-4 key (requested) is read too, to tell that the sums cannot answer a Status filter.
    filter.status ? sql`(${expenseSums.status} = ${filter.status} or ${expenseSums.status} not in (1, 2, 3))` : undefined,
    months.from ? gte(expenseSums.month, months.from) : undefined,
    months.to ? lt(expenseSums.month, months.to) : undefined,
  ];
  const inactive: (SQL | undefined)[] = [
    eq(expenses.tenantId, tenantId),
    eq(expenses.marketingPlanId, filter.marketingPlanId),
    not(expenses.active),
    filter.budgetItemId ? eq(expenses.budgetItemId, filter.budgetItemId) : undefined,
    filter.status ? eq(expenses.status, filter.status) : undefined,
    filter.dateFrom ? gte(expenses.purchaseDate, filter.dateFrom) : undefined,
    filter.dateTo ? lte(expenses.purchaseDate, filter.dateTo) : undefined,
  ];
  const money = (status: number) =>
    sql<string>`coalesce(sum(${expenseSums.amountCents}) filter (where ${expenseSums.status} = ${status}), 0)::bigint`;
  return db
    .select({
      inactive: sql<number>`(select count(*) from ${expenses} where ${and(...inactive)})::int`,
      active: sql<number>`coalesce(sum(${expenseSums.expenseCount}), 0)::int`,
      amount: sql<string>`coalesce(sum(${expenseSums.amountCents}), 0)::bigint`,
      planned: money(1),
      committed: money(2),
      actual: money(3),
      requested: money(4),
      unmapped: sql<boolean>`coalesce(bool_or(${expenseSums.status} not in (1, 2, 3)), false)`,
    })
    .from(expenseSums)
    .where(and(...kept));
};

/** The totals of `filter` read from expense_sums, or null when the sums cannot answer it. */
export const keptListTotals = async (db: Db, tenantId: string, filter: ExpenseFilter): Promise<ListTotals | null> => {
  const planId = filter.marketingPlanId;
  // The sums hold no custom field values: a Fields filter is summed from the expenses themselves.
  if (!planId || filter.query || filter.payee || filter.categoryType || filter.fields?.length) return null;
  const months = wholeMonths(filter.dateFrom, filter.dateTo);
  if (!months) return null;
  const [row] = await keptTotalsQuery(db, tenantId, { ...filter, marketingPlanId: planId }, months);
  if (!row || (filter.status && row.unmapped)) return null;
  return {
    count: Number(row.inactive) + Number(row.active),
    amount: cents(row.amount),
    planned: cents(row.planned),
    committed: cents(row.committed),
    actual: cents(row.actual),
    requested: cents(row.requested),
  };
};

/** The list's totals: from the sums when they can answer the filter, else summed from the expenses. */
export const listTotals = async (db: Db, tenantId: string, filter: ExpenseFilter): Promise<ListTotals> =>
  // Requested 0 unless the rows' totals carry their own (approvals, DESIGN.md §15).
  (await keptListTotals(db, tenantId, filter)) ?? Object.assign({ requested: 0 }, await sumExpenses(db, tenantId, filter));
