// The audit module as other modules and the app see it (DESIGN.md §18): record a security event
// where it happens; the routes list and export the log; the prune keeps it within its retention.
export { registerAuditRoutes } from './audit.routes.ts';
export { type SecurityEvent, type SecurityEventKind, recordSecurityEvent } from './security-events.ts';
