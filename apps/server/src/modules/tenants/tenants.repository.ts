import type { CurrencyCode, Locale } from '@plansmith/contract/currency-codes';
import { and, eq } from 'drizzle-orm';
import { type Database, type Db, definePreparedRead } from '../../db/client.ts';
import { forgetTenantRows, tenantRowCache } from '../../db/tenant-row-cache.ts';
import { budgetItems } from '../../schema/budget.ts';
import { tenants, users } from '../../schema/tenants.ts';

type TenantRow = typeof tenants.$inferSelect;
/** The tenant as every screen reads it: its row without the timestamps. */
type TenantSummaryRow = Omit<TenantRow, 'createdAt' | 'updatedAt'>;

export const findTenant = async (db: Db, tenantId: string) => {
  const [row] = await db.select().from(tenants).where(eq(tenants.id, tenantId)).limit(1);
  return row ?? null;
};

// The caller's tenant is read on every screen: prepared once, with findTenant's row shape less the
// timestamps (a prepared read answers them as Dates on PostgreSQL and as text on PGlite).
const tenantById = definePreparedRead<TenantSummaryRow>(
  'tenant_by_id',
  `SELECT id, name, plan_code AS "planCode", time_zone AS "timeZone", meta_data AS "metaData", base_currency AS "baseCurrency" FROM tenants WHERE id = $1`,
);

/** findTenant outside a transaction: a prepared statement whose row is kept in the tenant row cache. */
export const readTenant = async (database: Database, tenantId: string): Promise<TenantSummaryRow | null> => {
  const row = await tenantRowCache(database).read(tenantId, 'tenant', async () => {
    const [found] = await tenantById(database)([tenantId]);
    return found;
  });
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
  values: { name: string; metaData: Record<string, unknown>; timeZone: string; baseCurrency: CurrencyCode },
  now: Date,
) => {
  const [row] = await db
    .update(tenants)
    .set({ name: values.name, metaData: values.metaData, timeZone: values.timeZone, baseCurrency: values.baseCurrency, updatedAt: now })
    .where(eq(tenants.id, tenantId))
    .returning();
  forgetTenantRows(tenantId);
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
  values: { firstName: string; lastName: string; metaData: Record<string, unknown>; locale?: Locale | undefined },
  now: Date,
) => {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: now })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)))
    .returning();
  return row ?? null;
};

/** Whether the tenant has any budget item (its base currency is fixed from the first one on). */
export const hasBudgetItems = async (db: Db, tenantId: string): Promise<boolean> => {
  const [row] = await db.select({ id: budgetItems.id }).from(budgetItems).where(eq(budgetItems.tenantId, tenantId)).limit(1);
  return row !== undefined;
};

/** The tenant's active Owners' names, oldest account first. */
export const listActiveOwners = async (db: Db, tenantId: string) =>
  db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.tenantRole, 'owner'), eq(users.active, true)))
    .orderBy(users.createdAt, users.id);
