// The reports module as other modules and the app see it; everything else in this folder is private.
export { type CategoryReportRow, type CentsLine, selectBudgetCategoriesReport } from './reports.repository.ts';
export { registerReportRoutes } from './reports.routes.ts';
