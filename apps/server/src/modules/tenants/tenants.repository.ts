import { and, eq } from 'drizzle-orm';
import { type Database, type Db, definePreparedRead } from '../../db/client.ts';
import { tenants, users } from '../../schema/tenants.ts';

type TenantRow = typeof tenants.$inferSelect;

export const findTenant = async (db: Db, tenantId: string) => {
  const [row] = await db.select().from(tenants).where(eq(tenants.id, tenantId)).limit(1);
  return row ?? null;
};

// The caller's tenant is read on every screen: prepared once, with the same row shape as findTenant.
const tenantById = definePreparedRead<TenantRow>(
  'tenant_by_id',
  `SELECT id, name, plan_code AS "planCode", time_zone AS "timeZone", meta_data AS "metaData", created_at AS "createdAt", updated_at AS "updatedAt"
     FROM tenants WHERE id = $1`,
);

/** findTenant outside a transaction, as a prepared statement. */
export const readTenant = async (database: Database, tenantId: string): Promise<TenantRow | null> => {
  const [row] = await tenantById(database)([tenantId]);
  return row ?? null;
};

/**
 * Holds the tenant's row lock until the transaction ends, so checks over the whole tenant (plan
 * quotas, the last active Owner) cannot be passed by two concurrent requests at once.
 */
export const lockTenant = async (db: Db, tenantId: string): Promise<void> => {
  await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId)).for('update');
};

export const updateTenant = async (
  db: Db,
  tenantId: string,
  values: { name: string; metaData: Record<string, unknown>; timeZone: string },
  now: Date,
) => {
  const [row] = await db
    .update(tenants)
    .set({ name: values.name, metaData: values.metaData, timeZone: values.timeZone, updatedAt: now })
    .where(eq(tenants.id, tenantId))
    .returning();
  return row ?? null;
};

export const findUserProfile = async (db: Db, tenantId: string, userId: string) => {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)))
    .limit(1);
  return row ?? null;
};

export const updateOwnProfile = async (
  db: Db,
  tenantId: string,
  userId: string,
  values: { firstName: string; lastName: string; metaData: Record<string, unknown> },
  now: Date,
) => {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: now })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)))
    .returning();
  return row ?? null;
};
