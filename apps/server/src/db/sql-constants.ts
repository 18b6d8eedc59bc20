import { EXPENSE_STATUS } from '@plansmith/contract';
import { type SQL, sql } from 'drizzle-orm';

/**
 * The contract's expense statuses as SQL literals, for statements written in SQL: the number lives in
 * one place (`EXPENSE_STATUS`), and the planner still sees a constant rather than a bound parameter
 * (a partial sum `FILTER (WHERE e.status = …)` keeps one plan whatever the parameters).
 */
export const SQL_EXPENSE_STATUS: Record<keyof typeof EXPENSE_STATUS | 'requested', SQL> = {
  planned: sql.raw(String(EXPENSE_STATUS.planned)),
  committed: sql.raw(String(EXPENSE_STATUS.committed)),
  actual: sql.raw(String(EXPENSE_STATUS.actual)),
  // Only in the kept sums (migration 1030): a pending expense, Requested until approved (DESIGN.md §15).
  requested: sql.raw('4'),
};
