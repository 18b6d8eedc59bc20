// The expenses module as other modules and the app see it; everything else in this folder is private.
export { registerExpenseRoutes } from './expenses.routes.ts';
export { futureActualProblem, templateProblem } from './expense-rules.ts';
export { listOverdueExpenses, sumOverdueExpenses } from './overdue-expenses.ts';
