import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { lockVersion } from '../../db/row-versions.ts';
import { selectRows } from '../../db/rows.ts';
import { lookups } from '../../schema/lookups.ts';
import { type ObjectiveFigureRow, type ObjectiveFilter, objectiveFiguresQuery } from './objectives.query.ts';
import { objectiveResults, objectives } from '../../schema/objectives.ts';

export type ObjectiveRow = typeof objectives.$inferSelect;
export type ObjectiveValues = Omit<ObjectiveRow, 'tenantId' | 'id' | 'createdAt' | 'updatedAt' | 'version'>;
export type ResultRow = typeof objectiveResults.$inferSelect;
export type ResultValues = Pick<ResultRow, 'resultDate' | 'value' | 'note'>;

/** The objective's version, locked until the transaction ends; null when there is none (DESIGN.md §13). */
export const lockObjectiveVersion = (db: Db, tenantId: string, id: string): Promise<number | null> =>
  lockVersion(db, objectives, objectives.version, and(eq(objectives.tenantId, tenantId), eq(objectives.id, id)) as SQL);

/** The result's version, locked until the transaction ends; null when there is none. */
export const lockResultVersion = (db: Db, tenantId: string, id: string): Promise<number | null> =>
  lockVersion(
    db,
    objectiveResults,
    objectiveResults.version,
    and(eq(objectiveResults.tenantId, tenantId), eq(objectiveResults.id, id)) as SQL,
  );

export const listObjectiveFigures = (db: Db, tenantId: string, filter: ObjectiveFilter, cutoff: string): Promise<ObjectiveFigureRow[]> =>
  selectRows<ObjectiveFigureRow>(db, objectiveFiguresQuery(tenantId, filter, cutoff));

export const findObjective = async (db: Db, tenantId: string, id: string): Promise<ObjectiveRow | null> => {
  const [row] = await db
    .select()
    .from(objectives)
    .where(and(eq(objectives.tenantId, tenantId), eq(objectives.id, id)))
    .limit(1);
  return row ?? null;
};

export const insertObjective = async (db: Db, tenantId: string, id: string, values: ObjectiveValues, now: Date): Promise<ObjectiveRow> => {
  const [row] = await db
    .insert(objectives)
    .values({ tenantId, id, ...values, createdAt: now, updatedAt: now })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
};

export const updateObjective = async (
  db: Db,
  tenantId: string,
  id: string,
  values: ObjectiveValues,
  now: Date,
): Promise<ObjectiveRow | null> => {
  const [row] = await db
    .update(objectives)
    .set({ ...values, updatedAt: now })
    .where(and(eq(objectives.tenantId, tenantId), eq(objectives.id, id)))
    .returning();
  return row ?? null;
};

/** Results go with it (ON DELETE CASCADE); linked budget items are unlinked (ON DELETE SET NULL). */
export const deleteObjective = async (db: Db, tenantId: string, id: string): Promise<void> => {
  await db.delete(objectives).where(and(eq(objectives.tenantId, tenantId), eq(objectives.id, id)));
};

/** Marks the objective changed (its results changed), so its UpdatedAt moves. */
export const touchObjective = async (db: Db, tenantId: string, id: string, now: Date): Promise<void> => {
  await db
    .update(objectives)
    .set({ updatedAt: now })
    .where(and(eq(objectives.tenantId, tenantId), eq(objectives.id, id)));
};

export const listResults = (db: Db, tenantId: string, objectiveId: string): Promise<ResultRow[]> =>
  db
    .select()
    .from(objectiveResults)
    .where(and(eq(objectiveResults.tenantId, tenantId), eq(objectiveResults.objectiveId, objectiveId)))
    .orderBy(asc(objectiveResults.resultDate), asc(objectiveResults.createdAt), asc(objectiveResults.id));

export const findResult = async (db: Db, tenantId: string, id: string): Promise<ResultRow | null> => {
  const [row] = await db
    .select()
    .from(objectiveResults)
    .where(and(eq(objectiveResults.tenantId, tenantId), eq(objectiveResults.id, id)))
    .limit(1);
  return row ?? null;
};

export const insertResult = async (
  db: Db,
  tenantId: string,
  id: string,
  objectiveId: string,
  values: ResultValues,
  now: Date,
): Promise<ResultRow> => {
  const [row] = await db
    .insert(objectiveResults)
    .values({ tenantId, id, objectiveId, ...values, createdAt: now })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
};

export const updateResult = async (db: Db, tenantId: string, id: string, values: ResultValues): Promise<ResultRow | null> => {
  const [row] = await db
    .update(objectiveResults)
    .set(values)
    .where(and(eq(objectiveResults.tenantId, tenantId), eq(objectiveResults.id, id)))
    .returning();
  return row ?? null;
};

export const deleteResult = async (db: Db, tenantId: string, id: string): Promise<void> => {
  await db.delete(objectiveResults).where(and(eq(objectiveResults.tenantId, tenantId), eq(objectiveResults.id, id)));
};

/** The lookup's type, when it is one of the tenant's. */
export const findLookupType = async (db: Db, tenantId: string, id: string): Promise<number | null> => {
  const [row] = await db
    .select({ lookupType: lookups.lookupType })
    .from(lookups)
    .where(and(eq(lookups.tenantId, tenantId), eq(lookups.id, id)))
    .limit(1);
  return row?.lookupType ?? null;
};
