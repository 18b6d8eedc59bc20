// The expenses module as other modules and the app see it; everything else in this folder is private.
export { registerExpenseRoutes } from './expenses.routes.ts';
export { futureActualProblem, templateProblem } from './expense-rules.ts';
export { listOverdueExpenses, sumOverdueExpenses } from './overdue-expenses.ts';
// An expense's money in its currency and the base (issue 34): imports name a missing rate in the same words.
export { expenseMoney, findMonthRate, missingRateMessage } from './expense-currency.ts';
