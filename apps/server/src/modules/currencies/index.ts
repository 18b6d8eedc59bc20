// The currencies module (DESIGN.md §17) as other modules and the app see it: the rate routes, the
// budget rate scheduler, and the budget rate rule plans and the baseline apply. Everything else here is private.
export { registerCurrencyRoutes } from './currencies.routes.ts';
export { registerBudgetRateScheduler } from './budget-rate.ts';
export { budgetRateMonthOf, setBudgetRateMonth } from './currencies.service.ts';
