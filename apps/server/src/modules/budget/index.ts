// The budget module as other modules and the app see it; everything else in this folder is private.
export { registerBudgetRoutes } from './budget.routes.ts';
export { createBudgetService } from './budget.service.ts';
export { phaseImportedItems, refuseUndoInClosedMonth } from './closed-months.ts';
