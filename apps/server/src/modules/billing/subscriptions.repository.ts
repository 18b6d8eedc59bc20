import type { PlanCode } from '@plansmith/contract';
import { and, desc, eq, notInArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { tenants } from '../../schema/tenants.ts';
import { type SubscriptionRow, subscriptions } from '../../schema/billing.ts';
import { forgetTenantRows } from '../../db/tenant-row-cache.ts';

const ENDED = ['canceled', 'incomplete_expired'];

/** The tenant's current subscription (not ended), newest first. */
export const findCurrentSubscription = async (db: Db, tenantId: string): Promise<SubscriptionRow | null> => {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.tenantId, tenantId), notInArray(subscriptions.status, ENDED)))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return row ?? null;
};

export const findByProviderId = async (db: Db, providerSubscriptionId: string): Promise<SubscriptionRow | null> => {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, providerSubscriptionId));
  return row ?? null;
};

export const findByRegistration = async (db: Db, registrationId: string): Promise<SubscriptionRow | null> => {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.registrationId, registrationId));
  return row ?? null;
};

/** Inserts once per provider subscription: a repeated finalize keeps the first row. */
export const insertSubscription = async (db: Db, row: typeof subscriptions.$inferInsert): Promise<void> => {
  await db.insert(subscriptions).values(row).onConflictDoNothing({ target: subscriptions.providerSubscriptionId });
};

export const updateSubscription = async (db: Db, tenantId: string, id: string, values: Partial<typeof subscriptions.$inferInsert>) => {
  await db
    .update(subscriptions)
    .set(values)
    .where(and(eq(subscriptions.tenantId, tenantId), eq(subscriptions.id, id)));
};

/** The tenant's plan drives its product policies (Plan.Agility, Plan.Performance). */
export const setTenantPlan = async (db: Db, tenantId: string, planCode: PlanCode, now: Date) => {
  await db.update(tenants).set({ planCode, updatedAt: now }).where(eq(tenants.id, tenantId));
  forgetTenantRows(tenantId);
};
