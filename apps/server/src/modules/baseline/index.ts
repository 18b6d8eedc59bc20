// The baseline module as other modules and the app see it (DESIGN.md §14): its routes, and the
// budget change rule every budget write applies (a reason after the lock, the changes kept).
export { registerBaselineRoutes } from './baseline.routes.ts';
export {
  type BudgetChangeRow,
  budgetByMonth,
  budgetChangesOf,
  type ItemBudget,
  insertBudgetChanges,
  isBaselineLocked,
  keepBudgetChanges,
} from './budget-changes.ts';
