import type { ActivityEntityType } from '@plansmith/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { forbidden, notFound } from '../../lib/http-errors.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { budgetItems } from '../budget/budget.table.ts';
import { budgetCategories } from '../categories/categories.table.ts';
import { expenses } from '../expenses/expenses.table.ts';
import { objectives } from '../objectives/objectives.table.ts';
import { marketingPlans, type PlanState } from '../plans/plans.table.ts';
import { isPolicyGranted, policyDeniedMessage } from '../tenants/permissions.ts';
import { isTenantAdmin, resolveTeamPermission, type TeamPermission } from '../teams/team-access.ts';

export type PlanRef = { id: string; teamId: string; name: string; state: PlanState; startDate: string; endDate: string };
export type PlanAccess = { plan: PlanRef; permission: TeamPermission };

export const PLAN_STATE_ARCHIVED = 2;

/**
 * The plan and what the caller may do with it (DESIGN.md §4). A plan of another tenant, or of a
 * team the caller does not belong to, answers 404 like a plan that does not exist.
 */
export const requirePlanAccess = async (db: Db, auth: AuthContext, planId: string): Promise<PlanAccess> => {
  const [plan] = await db
    .select({
      id: marketingPlans.id,
      teamId: marketingPlans.teamId,
      name: marketingPlans.name,
      state: marketingPlans.state,
      startDate: marketingPlans.startDate,
      endDate: marketingPlans.endDate,
    })
    .from(marketingPlans)
    .where(and(eq(marketingPlans.tenantId, auth.tenantId), eq(marketingPlans.id, planId)))
    .limit(1);
  if (!plan) throw notFound('The plan');
  const permission = await resolveTeamPermission(db, auth, plan.teamId);
  if (!permission?.canRead) throw notFound('The plan');
  return { plan, permission };
};

/** Writing budget money, expenses, comments and notes needs Owner, Admin, or the team's Lead or Planner. */
export const assertCanEditBudget = (access: { permission: TeamPermission }, message?: string): void => {
  if (!access.permission.canEditBudget) throw forbidden(message ?? 'Your team role lets you read this plan, not change it.');
};

export type EntityAccess = {
  entityType: ActivityEntityType;
  entityId: string;
  /** What the entity is called, for feeds. */
  name: string;
  marketingPlanId: string | null;
  permission: TeamPermission;
};

const CATEGORY_PERMISSION = (auth: AuthContext): TeamPermission => ({
  teamRoleId: null,
  canRead: true,
  canEditBudget: isTenantAdmin(auth),
  canManagePlans: isTenantAdmin(auth),
});

const findPlanIdOf = async (
  db: Db,
  tenantId: string,
  entityType: Exclude<ActivityEntityType, 'BudgetCategory'>,
  entityId: string,
): Promise<{ planId: string; name: string } | null> => {
  if (entityType === 'MarketingPlan') return { planId: entityId, name: '' };
  if (entityType === 'BudgetItem') {
    const [row] = await db
      .select({ planId: budgetItems.marketingPlanId, name: budgetItems.name })
      .from(budgetItems)
      .where(and(eq(budgetItems.tenantId, tenantId), eq(budgetItems.id, entityId)))
      .limit(1);
    return row ?? null;
  }
  if (entityType === 'Objective') {
    const [row] = await db
      .select({ planId: objectives.marketingPlanId, name: objectives.name })
      .from(objectives)
      .where(and(eq(objectives.tenantId, tenantId), eq(objectives.id, entityId)))
      .limit(1);
    return row ?? null;
  }
  const [row] = await db
    .select({ planId: expenses.marketingPlanId, name: expenses.name })
    .from(expenses)
    .where(and(eq(expenses.tenantId, tenantId), eq(expenses.id, entityId)))
    .limit(1);
  return row ?? null;
};

const ENTITY_LABEL: Record<ActivityEntityType, string> = {
  MarketingPlan: 'The plan',
  BudgetItem: 'The budget item',
  Expense: 'The expense',
  BudgetCategory: 'The budget category',
  Objective: 'The objective',
};

/**
 * Resolves the plan, budget item, expense or category a comment or activity belongs to, with the
 * caller's permission on it. Anything the caller may not see answers 404.
 */
export const requireEntityAccess = async (
  db: Db,
  auth: AuthContext,
  entityType: ActivityEntityType,
  entityId: string,
): Promise<EntityAccess> => {
  if (entityType === 'BudgetCategory') {
    // Categories are tenant-wide: everyone in the tenant reads them; Owners and Admins manage them.
    const [row] = await db
      .select({ name: budgetCategories.name })
      .from(budgetCategories)
      .where(and(eq(budgetCategories.tenantId, auth.tenantId), eq(budgetCategories.id, entityId)))
      .limit(1);
    if (!row) throw notFound(ENTITY_LABEL.BudgetCategory);
    return { entityType, entityId, name: row.name, marketingPlanId: null, permission: CATEGORY_PERMISSION(auth) };
  }
  // Objectives belong to the Performance plan: their comments and feed too.
  if (entityType === 'Objective' && !isPolicyGranted('Plan.Performance', auth.role, auth.planCode)) {
    throw forbidden(policyDeniedMessage('Plan.Performance'));
  }
  const owner = await findPlanIdOf(db, auth.tenantId, entityType, entityId);
  if (!owner) throw notFound(ENTITY_LABEL[entityType]);
  try {
    const access = await requirePlanAccess(db, auth, owner.planId);
    return {
      entityType,
      entityId,
      name: entityType === 'MarketingPlan' ? access.plan.name : owner.name,
      marketingPlanId: access.plan.id,
      permission: access.permission,
    };
  } catch (error) {
    // The plan of a hidden item is as unknown as the item itself.
    if (entityType !== 'MarketingPlan') throw notFound(ENTITY_LABEL[entityType]);
    throw error;
  }
};
