import type { ActionPermission } from '@plansmith/contract';
import { forbidden } from '../../lib/http-errors.ts';

/**
 * Whom a team-scoped rule sees: the tenant's Owner and Admins act in every team; a Member acts by
 * their role in the team (DESIGN.md §4). A Member who sees a category (tenant-wide) reads it as a Viewer.
 */
export type AccessRole = 'owner' | 'admin' | 'lead' | 'planner' | 'viewer';

const ADMINS = ['owner', 'admin'] as const satisfies readonly AccessRole[];
const LEADS = [...ADMINS, 'lead'] as const satisfies readonly AccessRole[];
const PLANNERS = [...LEADS, 'planner'] as const satisfies readonly AccessRole[];

type Rule = { roles: readonly AccessRole[]; refusal: string };

const LEAD_ONLY = 'Only the team’s Lead, an Admin or the Owner can';
const PLANNER_UP = 'Only the team’s Lead or Planners, an Admin or the Owner can';

/**
 * The one role × permission table (issue 28 A6): services check it through `requireAccess`, the plan
 * and play answers derive their Can… flags from it, and the generated authorization suite
 * (`authorization.test.ts`) refuses every role it leaves out of the permission a route declares.
 * Viewer reads and nothing else; Planner edits the budget, expenses, comments and the forecast;
 * Lead manages the team's plans, members and plays; the tenant's starter plays are the Admins'.
 */
export const ROLE_PERMISSIONS = {
  'plan.save': { roles: LEADS, refusal: `${LEAD_ONLY} change this plan.` },
  'plan.delete': { roles: LEADS, refusal: `${LEAD_ONLY} change this plan.` },
  'plan.share': { roles: LEADS, refusal: `${LEAD_ONLY} change this plan.` },
  'plan.lockBaseline': { roles: LEADS, refusal: `${LEAD_ONLY} lock this plan’s baseline.` },
  'plan.unlockBaseline': { roles: ADMINS, refusal: 'Only an Admin or the Owner can unlock a plan’s baseline.' },
  'team.changeMember': { roles: LEADS, refusal: 'Only the team’s Leads, Admins and Owners can change its members.' },
  'budgetItem.edit': { roles: PLANNERS, refusal: `${PLANNER_UP} change budget items.` },
  'expense.edit': { roles: PLANNERS, refusal: 'Your team role lets you read this plan’s expenses, not change them.' },
  // Approvals (DESIGN.md §15): the Lead sets the team's policy; deciding also needs the policy to name
  // the caller an approver (a Viewer never decides, whatever the policy says).
  'approval.policy': { roles: LEADS, refusal: `${LEAD_ONLY} change this team’s approval policy.` },
  'approval.decide': { roles: PLANNERS, refusal: 'Your team role lets you read this plan, not decide its requests.' },
  'import.run': { roles: PLANNERS, refusal: 'Your team role lets you read this plan, not import into it.' },
  'comment.write': { roles: PLANNERS, refusal: 'Your team role lets you read these comments, not write them.' },
  'note.write': { roles: PLANNERS, refusal: 'Your team role lets you read this feed, not write in it.' },
  'objective.edit': { roles: PLANNERS, refusal: 'Your team role lets you read objectives, not change them.' },
  'objective.delete': { roles: LEADS, refusal: `${LEAD_ONLY} delete objectives.` },
  'funnel.edit': { roles: PLANNERS, refusal: `${PLANNER_UP} change the funnel and its forecast.` },
  'play.createPlan': { roles: LEADS, refusal: `${LEAD_ONLY} create plans in this team.` },
  'play.saveAsPlay': { roles: LEADS, refusal: `${LEAD_ONLY} save this plan as a play.` },
  'play.rename': { roles: LEADS, refusal: `${LEAD_ONLY} rename or delete this play.` },
  'play.delete': { roles: LEADS, refusal: `${LEAD_ONLY} rename or delete this play.` },
  // Month close (DESIGN.md §14): the team's Lead closes; only an Admin or the Owner reopens.
  'period.close': { roles: LEADS, refusal: `${LEAD_ONLY} close this plan’s months.` },
  'period.reopen': { roles: ADMINS, refusal: 'Only an Admin or the Owner can reopen a closed month.' },
  'starterPlay.manage': {
    roles: ADMINS,
    refusal: 'Starter plays belong to the whole account: only an Admin or the Owner can change them.',
  },
} as const satisfies Record<ActionPermission, Rule>;

/** Whether `role` holds `permission` in the table. */
export const isAllowed = (role: AccessRole, permission: ActionPermission): boolean =>
  (ROLE_PERMISSIONS[permission].roles as readonly AccessRole[]).includes(role);

/**
 * The one access check of team-scoped actions: 403 with the permission's refusal (or `message`)
 * unless the caller's role in the team holds it. `access` is what `requirePlanAccess`,
 * `requireEntityAccess` or `resolveTeamPermission` answered (its `role`, or its `permission.role`).
 */
export const requireAccess = (
  access: { role: AccessRole } | { permission: { role: AccessRole } },
  permission: ActionPermission,
  message?: string,
): void => {
  const role = 'role' in access ? access.role : access.permission.role;
  if (!isAllowed(role, permission)) throw forbidden(message ?? ROLE_PERMISSIONS[permission].refusal);
};
