// The month close module (DESIGN.md §14) as other modules and the app see it; everything else in this folder is private.
export { registerPeriodRoutes } from './periods.routes.ts';
export { registerCloseReminder } from './close-reminder.ts';
