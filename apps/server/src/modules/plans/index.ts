// The plans module as other modules and the app see it; everything else in this folder is private.
export { burnRate } from './plan-totals.ts';
export { registerPlanRoutes } from './plans.routes.ts';
export { listPlansWithSums } from './plan-sums.service.ts';
