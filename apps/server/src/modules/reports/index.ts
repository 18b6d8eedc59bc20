// The reports module as other modules and the app see it; everything else in this folder is private.
export { selectBudgetCategoriesReport, selectPlanFx } from './category-report.service.ts';
export type { PlanFx } from './fx-variance.repository.ts';
export type { CategoryReportRow, CentsLine } from './reports.repository.ts';
export { registerReportRoutes } from './reports.routes.ts';
