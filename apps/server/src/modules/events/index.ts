// Live changes (DESIGN.md §13) as the app sees them; everything else in this folder is private.
export { eventsHubOf, registerEventRoutes } from './events.routes.ts';
