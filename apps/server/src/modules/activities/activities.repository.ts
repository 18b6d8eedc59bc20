import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { lockVersion } from '../../db/row-versions.ts';
import { users } from '../../schema/tenants.ts';
import { activities } from '../../schema/activities.ts';

const selection = {
  id: activities.id,
  entityType: activities.entityType,
  entityId: activities.entityId,
  marketingPlanId: activities.marketingPlanId,
  actorId: activities.actorId,
  action: activities.action,
  name: activities.name,
  description: activities.description,
  changes: activities.changes,
  sortOrder: activities.sortOrder,
  active: activities.active,
  createdAt: activities.createdAt,
  version: activities.version,
  actorFirstName: users.firstName,
  actorLastName: users.lastName,
};

export type ActivityRow = {
  id: string;
  entityType: string;
  entityId: string;
  marketingPlanId: string | null;
  actorId: string | null;
  action: 'create' | 'update' | 'delete' | 'note';
  name: string;
  description: string;
  changes: Record<string, { from: unknown; to: unknown }> | null;
  sortOrder: number;
  active: boolean;
  createdAt: Date;
  version: number;
  actorFirstName: string | null;
  actorLastName: string | null;
};

const selectActivities = (db: Db, tenantId: string, where: SQL | undefined, limit: number): Promise<ActivityRow[]> =>
  db
    .select(selection)
    .from(activities)
    .leftJoin(users, and(eq(users.tenantId, activities.tenantId), eq(users.id, activities.actorId)))
    .where(and(eq(activities.tenantId, tenantId), where))
    .orderBy(desc(activities.createdAt), desc(activities.id))
    .limit(limit);

/** The plan's feed: the plan's own activity and its items' and expenses', newest first. */
export const listPlanActivities = (db: Db, tenantId: string, planId: string, limit: number, before?: Date) =>
  selectActivities(db, tenantId, and(eq(activities.marketingPlanId, planId), before ? lt(activities.createdAt, before) : undefined), limit);

export const listEntityActivities = (db: Db, tenantId: string, entityType: string, entityId: string, limit: number) =>
  selectActivities(db, tenantId, and(eq(activities.entityType, entityType), eq(activities.entityId, entityId)), limit);

export const findActivity = async (db: Db, tenantId: string, id: string): Promise<ActivityRow | null> => {
  const [row] = await selectActivities(db, tenantId, eq(activities.id, id), 1);
  return row ?? null;
};

export const insertNote = async (
  db: Db,
  values: {
    tenantId: string;
    id: string;
    entityType: string;
    entityId: string;
    marketingPlanId: string | null;
    actorId: string;
    name: string;
    description: string;
    at: Date;
  },
): Promise<void> => {
  await db.insert(activities).values({
    tenantId: values.tenantId,
    id: values.id,
    entityType: values.entityType,
    entityId: values.entityId,
    marketingPlanId: values.marketingPlanId,
    actorId: values.actorId,
    action: 'note',
    name: values.name,
    description: values.description,
    createdAt: values.at,
  });
};

/** A note's version, locked until the transaction ends; null when there is none (DESIGN.md §13). */
export const lockNoteVersion = (db: Db, tenantId: string, id: string): Promise<number | null> =>
  lockVersion(db, activities, activities.version, and(eq(activities.tenantId, tenantId), eq(activities.id, id)) as SQL);

/** Only notes change; the audit trail is never rewritten. */
export const updateNoteText = async (db: Db, tenantId: string, id: string, description: string): Promise<void> => {
  await db
    .update(activities)
    .set({ description })
    .where(and(eq(activities.tenantId, tenantId), eq(activities.id, id), eq(activities.action, 'note')));
};

export const deleteNote = async (db: Db, tenantId: string, id: string): Promise<void> => {
  await db.delete(activities).where(and(eq(activities.tenantId, tenantId), eq(activities.id, id), eq(activities.action, 'note')));
};
