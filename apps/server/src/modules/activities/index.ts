// The activities module as other modules and the app see it; everything else in this folder is private.
export { registerActivityRoutes } from './activities.routes.ts';
export { listRecentPlanActivities } from './activities.service.ts';
export { type ActivityChanges, type ActivityEntry, diffFields, recordActivities, recordActivity } from './record-activity.ts';
export { assertVersion, staleRowError, type VersionCheck } from './stale-row.ts';
