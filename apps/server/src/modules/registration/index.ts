// The registration module as other modules and the app see it; everything else in this folder is private.
export { createRegistrationLimiter, type RegistrationLimiter } from './registration-limiter.ts';
export { findRegistration, updateRegistration } from './registrations.service.ts';
export { registerRegistrationRoutes } from './registration.routes.ts';
