import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { lockVersion } from '../../db/row-versions.ts';
import { selectRows } from '../../db/rows.ts';
import { customFields } from '../../schema/custom-fields.ts';

export type CustomFieldRow = typeof customFields.$inferSelect;
export type CustomFieldValues = Pick<CustomFieldRow, 'name' | 'type' | 'options' | 'required' | 'position'>;

export const listFields = (db: Db, tenantId: string, entity?: 1 | 2 | 3): Promise<CustomFieldRow[]> =>
  db
    .select()
    .from(customFields)
    .where(
      entity === undefined
        ? eq(customFields.tenantId, tenantId)
        : and(eq(customFields.tenantId, tenantId), eq(customFields.entity, entity)),
    )
    .orderBy(asc(customFields.entity), asc(customFields.position), asc(customFields.name));

export const findField = async (db: Db, tenantId: string, id: string): Promise<CustomFieldRow | null> => {
  const [row] = await db
    .select()
    .from(customFields)
    .where(and(eq(customFields.tenantId, tenantId), eq(customFields.id, id)))
    .limit(1);
  return row ?? null;
};

export const insertField = async (
  db: Db,
  tenantId: string,
  id: string,
  entity: 1 | 2 | 3,
  values: CustomFieldValues,
  now: Date,
): Promise<CustomFieldRow> => {
  const [row] = await db
    .insert(customFields)
    .values({ tenantId, id, entity, ...values, createdAt: now, updatedAt: now })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
};

export const updateField = async (
  db: Db,
  tenantId: string,
  id: string,
  values: CustomFieldValues,
  now: Date,
): Promise<CustomFieldRow | null> => {
  const [row] = await db
    .update(customFields)
    .set({ ...values, updatedAt: now })
    .where(and(eq(customFields.tenantId, tenantId), eq(customFields.id, id)))
    .returning();
  return row ?? null;
};

/** The field's version, locked until the transaction ends (DESIGN.md §13); null when it is gone. */
export const lockFieldVersion = (db: Db, tenantId: string, id: string): Promise<number | null> =>
  lockVersion(db, customFields, customFields.version, and(eq(customFields.tenantId, tenantId), eq(customFields.id, id)) as SQL);

export const deleteField = async (db: Db, tenantId: string, id: string): Promise<boolean> => {
  const rows = await db
    .delete(customFields)
    .where(and(eq(customFields.tenantId, tenantId), eq(customFields.id, id)))
    .returning({ id: customFields.id });
  return rows.length > 0;
};

/** The table holding an entity's values. */
const VALUE_TABLES: Record<1 | 2 | 3, string> = { 1: 'budget_items', 2: 'expenses', 3: 'campaigns' };

/** How many rows of the entity have a value for the field, or (with `option`) a value naming that option. */
export const countValues = async (db: Db, tenantId: string, entity: 1 | 2 | 3, fieldId: string, option?: string): Promise<number> => {
  const table = sql.raw(VALUE_TABLES[entity]);
  const [row] = await selectRows<{ count: number }>(
    db,
    option === undefined
      ? sql`SELECT count(*)::int AS count FROM ${table} WHERE tenant_id = ${tenantId} AND custom_fields ? ${fieldId}`
      : sql`SELECT count(*)::int AS count FROM ${table} WHERE tenant_id = ${tenantId} AND (custom_fields -> ${fieldId}) @> to_jsonb(${option}::text)`,
  );
  return Number(row?.count ?? 0);
};

/**
 * Removes the field's key from every row of the entity (a deleted field). Rows dated in a closed month
 * are let through by the closed-month guard for this statement only (migration 1046's setting): the
 * close freezes money, and a field that no longer exists is no value anyone can read.
 */
export const removeValues = async (db: Db, tenantId: string, entity: 1 | 2 | 3, fieldId: string): Promise<void> => {
  const table = sql.raw(VALUE_TABLES[entity]);
  await db.execute(sql`SELECT set_config('plansmith.custom_field_removal', 'on', true)`);
  await db.execute(
    sql`UPDATE ${table} SET custom_fields = custom_fields - ${fieldId}::text WHERE tenant_id = ${tenantId} AND custom_fields ? ${fieldId}`,
  );
  await db.execute(sql`SELECT set_config('plansmith.custom_field_removal', '', true)`);
};
