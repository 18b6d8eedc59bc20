import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { lockVersion } from '../../db/row-versions.ts';
import { selectRows } from '../../db/rows.ts';
import { lookups } from '../../schema/lookups.ts';

export type LookupRow = typeof lookups.$inferSelect;
export type LookupValues = Pick<LookupRow, 'name' | 'active' | 'sortOrder' | 'lookupType' | 'categoryType'>;

export const listLookups = (db: Db, tenantId: string): Promise<LookupRow[]> =>
  db
    .select()
    .from(lookups)
    .where(eq(lookups.tenantId, tenantId))
    .orderBy(asc(lookups.lookupType), asc(lookups.sortOrder), asc(lookups.name));

export const findLookup = async (db: Db, tenantId: string, id: string): Promise<LookupRow | null> => {
  const [row] = await db
    .select()
    .from(lookups)
    .where(and(eq(lookups.tenantId, tenantId), eq(lookups.id, id)))
    .limit(1);
  return row ?? null;
};

export const insertLookup = async (db: Db, tenantId: string, id: string, values: LookupValues, now: Date): Promise<LookupRow> => {
  const [row] = await db
    .insert(lookups)
    .values({ tenantId, id, ...values, createdAt: now, updatedAt: now })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
};

export const updateLookup = async (db: Db, tenantId: string, id: string, values: LookupValues, now: Date): Promise<LookupRow | null> => {
  const [row] = await db
    .update(lookups)
    .set({ ...values, updatedAt: now })
    .where(and(eq(lookups.tenantId, tenantId), eq(lookups.id, id)))
    .returning();
  return row ?? null;
};

/** The entry's version, locked until the transaction ends (DESIGN.md §13); null when it is gone. */
export const lockLookupVersion = (db: Db, tenantId: string, id: string): Promise<number | null> =>
  lockVersion(db, lookups, lookups.version, and(eq(lookups.tenantId, tenantId), eq(lookups.id, id)) as SQL);

export const deleteLookup = async (db: Db, tenantId: string, id: string): Promise<boolean> => {
  const rows = await db
    .delete(lookups)
    .where(and(eq(lookups.tenantId, tenantId), eq(lookups.id, id)))
    .returning({ id: lookups.id });
  return rows.length > 0;
};

/** What still refers to a lookup: budget items and expenses (GL code), objectives and forecasts (funnel stage). */
export const countLookupUsage = async (
  db: Db,
  tenantId: string,
  id: string,
): Promise<{ budgetItems: number; expenses: number; objectives: number; expectations: number }> => {
  const [row] = await selectRows<{ budget_items: number; expenses: number; objectives: number; expectations: number }>(
    db,
    sql`
    SELECT
      (SELECT count(*)::int FROM budget_items WHERE tenant_id = ${tenantId} AND general_ledger_code_id = ${id}) AS budget_items,
      (SELECT count(*)::int FROM expenses WHERE tenant_id = ${tenantId} AND general_ledger_code_id = ${id}) AS expenses,
      (SELECT count(*)::int FROM objectives WHERE tenant_id = ${tenantId} AND funnel_stage_id = ${id}) AS objectives,
      (SELECT count(*)::int FROM expectations WHERE tenant_id = ${tenantId} AND funnel_stage_id = ${id}) AS expectations
  `,
  );
  return {
    budgetItems: Number(row?.budget_items ?? 0),
    expenses: Number(row?.expenses ?? 0),
    objectives: Number(row?.objectives ?? 0),
    expectations: Number(row?.expectations ?? 0),
  };
};
