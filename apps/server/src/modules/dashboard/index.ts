// The dashboard module as other modules and the app see it; everything else in this folder is private.
export { registerDashboardRoutes } from './dashboard.routes.ts';
