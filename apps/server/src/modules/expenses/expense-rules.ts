import { futureActualMessage, PLAN_STATE_TEMPLATE } from '@plansmith/contract';

/**
 * The rules of an expense's money that need no database, shared by the expense save and the
 * import's rows (issue 28 A5). Each answers the message to show, or null when the expense may be
 * recorded.
 */

/**
 * Money that has not happened is not Actual: an Actual expense dated after `today` (the tenant's
 * today, lib/today.ts callerToday) is refused; Planned and Committed may lie ahead.
 */
export const futureActualProblem = (expense: { status: number; purchaseDate: string }, today: string): string | null =>
  futureActualMessage(expense.status, expense.purchaseDate, today);

/** A template (a play, plan State 3) is a pattern for plans, not a plan money is spent in. */
export const templateProblem = (plan: { state: number; name: string }): string | null =>
  plan.state === PLAN_STATE_TEMPLATE
    ? `“${plan.name}” is a template (a play): it holds no expenses. Record expenses in a plan made from it.`
    : null;
