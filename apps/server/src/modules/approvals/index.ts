// The approvals module (DESIGN.md §15) as other modules and the app see it; everything else in this folder is private.
export { registerApprovalRoutes } from './approvals.routes.ts';
export { listOldPendingRequests, sumPendingRequests } from './pending-requests.ts';
export { APPROVAL, wireApproval } from './approval-rules.ts';
export { budgetChangeSize, holdBudgetChange, WAITING_FOR_APPROVAL_MESSAGE } from './budget-change-requests.ts';
export {
  expenseApprovalRule,
  type ExpenseApprovalPlan,
  importApprovalThreshold,
  notifyImportedRequests,
  openImportedRequests,
  type SavedExpense,
  syncExpenseRequest,
} from './expense-requests.ts';
