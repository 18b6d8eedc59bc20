// Who may see and change which plan, team, item, expense or category (DESIGN.md §4): one place for every module.
export { type EntityAccess, findEntityAccess, requireEntityAccess } from './entity-access.ts';
export { type AccessRole, isAllowed, requireAccess, ROLE_PERMISSIONS } from './role-permissions.ts';
export { listPlanReaders, type PlanReader } from './plan-audience.ts';
export { findPlanAccess, type PlanAccess, type PlanRow, requirePlanAccess } from './plan-access.ts';
export {
  isTenantAdmin,
  listVisibleTeamIds,
  resolveTeamPermission,
  type TeamPermission,
} from './team-access.ts';
