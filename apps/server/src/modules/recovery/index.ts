// The recovery module as other modules and the app see it; everything else in this folder is private.
export { type AnonymousLimiter, createAnonymousLimiter } from './anonymous-limiter.ts';
export { registerRecoveryRoutes } from './recovery.routes.ts';
