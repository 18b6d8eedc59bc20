import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { marketingPlans } from '../../schema/plans.ts';
import { tenants, users } from '../../schema/tenants.ts';

/** The team a plan belongs to (who may read its changes), or null when it is gone. */
export const findPlanTeam = async (db: Db, tenantId: string, planId: string): Promise<string | null> => {
  const [row] = await db
    .select({ teamId: marketingPlans.teamId })
    .from(marketingPlans)
    .where(and(eq(marketingPlans.tenantId, tenantId), eq(marketingPlans.id, planId)))
    .limit(1);
  return row?.teamId ?? null;
};

/** "First Last" of a user of the tenant. */
export const findUserName = async (db: Db, tenantId: string, userId: string): Promise<string | null> => {
  const [row] = await db
    .select({ name: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})` })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)))
    .limit(1);
  return row?.name ?? null;
};

/** The caller a ticket names, as the access checks see them, or null when they may no longer sign in. */
export const findStreamCaller = async (db: Db, tenantId: string, userId: string): Promise<AuthContext | null> => {
  const [row] = await db
    .select({
      role: users.tenantRole,
      active: users.active,
      tokenVersion: users.tokenVersion,
      email: users.email,
      planCode: tenants.planCode,
      timeZone: tenants.timeZone,
    })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)))
    .limit(1);
  if (!row?.active) return null;
  return {
    userId,
    tenantId,
    role: row.role,
    planCode: row.planCode,
    timeZone: row.timeZone,
    email: row.email,
    tokenVersion: row.tokenVersion,
  };
};
