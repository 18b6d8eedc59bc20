// The spending module as other modules and the app see it; everything else in this folder is private.
export { registerSpendingRoutes } from './spending.routes.ts';
export { loadPlanSpending } from './spending.service.ts';
