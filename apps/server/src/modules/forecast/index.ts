// The forecast module as other modules and the app see it; everything else in this folder is private.
export { registerForecastRoutes } from './forecast.routes.ts';
export { loadPlanForecast, loadPlanLanding, toLanding } from './forecast.service.ts';
export { forecastOf, type PlanForecast, sumByCategory, type TotalsCents } from './plan-forecast.ts';
