import type { ActivityEntityType } from '@plansmith/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { forbidden, notFound } from '../../lib/http-errors.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { deniedMessage, isPolicyGranted } from '../../plugins/permissions.ts';
import { budgetItems } from '../../schema/budget.ts';
import { budgetCategories } from '../../schema/categories.ts';
import { expenses } from '../../schema/expenses.ts';
import { objectives } from '../../schema/objectives.ts';
import { findPlanAccess } from './plan-access.ts';
import { isTenantAdmin, permissionForRole, type TeamPermission } from './team-access.ts';

export type EntityAccess = {
  entityType: ActivityEntityType;
  entityId: string;
  /** What the entity is called, for feeds. */
  name: string;
  marketingPlanId: string | null;
  permission: TeamPermission;
};

// Categories are the tenant's: its Owner and Admins manage them, its Members read them.
const CATEGORY_PERMISSION = (auth: AuthContext): TeamPermission =>
  permissionForRole(auth.role === 'owner' ? 'owner' : isTenantAdmin(auth) ? 'admin' : 'viewer');

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

export const ENTITY_LABEL: Record<ActivityEntityType, string> = {
  MarketingPlan: 'The plan',
  BudgetItem: 'The budget item',
  Expense: 'The expense',
  BudgetCategory: 'The budget category',
  Objective: 'The objective',
};

/**
 * The plan, budget item, expense or category a comment or activity belongs to, with the caller's
 * permission on it; null when it does not exist or the caller may not see it (an item of a hidden
 * plan is as unknown as the item itself). Database failures throw.
 */
export const findEntityAccess = async (
  db: Db,
  auth: AuthContext,
  entityType: ActivityEntityType,
  entityId: string,
): Promise<EntityAccess | null> => {
  if (entityType === 'BudgetCategory') {
    // Categories are tenant-wide: everyone in the tenant reads them; Owners and Admins manage them.
    const [row] = await db
      .select({ name: budgetCategories.name })
      .from(budgetCategories)
      .where(and(eq(budgetCategories.tenantId, auth.tenantId), eq(budgetCategories.id, entityId)))
      .limit(1);
    if (!row) return null;
    return { entityType, entityId, name: row.name, marketingPlanId: null, permission: CATEGORY_PERMISSION(auth) };
  }
  // Objectives belong to the Performance plan: their comments and feed too.
  if (entityType === 'Objective' && !isPolicyGranted('Plan.Performance', auth.role, auth.planCode)) {
    throw forbidden(deniedMessage('Plan.Performance'));
  }
  const owner = await findPlanIdOf(db, auth.tenantId, entityType, entityId);
  if (!owner) return null;
  const access = await findPlanAccess(db, auth, owner.planId);
  if (!access) return null;
  return {
    entityType,
    entityId,
    name: entityType === 'MarketingPlan' ? access.plan.name : owner.name,
    marketingPlanId: access.plan.id,
    permission: access.permission,
  };
};

/** findEntityAccess, or 404 naming the entity. */
export const requireEntityAccess = async (
  db: Db,
  auth: AuthContext,
  entityType: ActivityEntityType,
  entityId: string,
): Promise<EntityAccess> => {
  const access = await findEntityAccess(db, auth, entityType, entityId);
  if (!access) throw notFound(ENTITY_LABEL[entityType]);
  return access;
};
