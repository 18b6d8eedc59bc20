// The tenants module as other modules and the app see it; everything else in this folder is private.
export { toTenantRole, toTenantRoleCode } from './tenants.mappers.ts';
export { findTenant, findUserProfile, lockTenant } from './tenant-records.service.ts';
export { registerTenantRoutes } from './tenants.routes.ts';
