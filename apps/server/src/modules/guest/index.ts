// The guest module as other modules and the app see it; everything else in this folder is private.
export { registerGuestRoutes } from './guest.routes.ts';
