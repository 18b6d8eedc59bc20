// The lookups module as other modules and the app see it; everything else in this folder is private.
export { registerLookupRoutes } from './lookups.routes.ts';
