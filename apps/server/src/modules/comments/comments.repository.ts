import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { lockVersion } from '../../db/row-versions.ts';
import { users } from '../../schema/tenants.ts';
import { comments } from '../../schema/comments.ts';

export const COMMENTS_LIMIT = 500;

const selection = {
  id: comments.id,
  entityType: comments.entityType,
  entityId: comments.entityId,
  marketingPlanId: comments.marketingPlanId,
  authorId: comments.authorId,
  name: comments.name,
  description: comments.description,
  sortOrder: comments.sortOrder,
  active: comments.active,
  createdAt: comments.createdAt,
  updatedAt: comments.updatedAt,
  version: comments.version,
  authorFirstName: users.firstName,
  authorLastName: users.lastName,
};

export type CommentRow = {
  id: string;
  entityType: string;
  entityId: string;
  marketingPlanId: string | null;
  authorId: string;
  name: string;
  description: string;
  sortOrder: number;
  active: boolean;
  createdAt: Date;
  updatedAt: Date;
  version: number;
  authorFirstName: string | null;
  authorLastName: string | null;
};

const selectComments = (db: Db) =>
  db
    .select(selection)
    .from(comments)
    .leftJoin(users, and(eq(users.tenantId, comments.tenantId), eq(users.id, comments.authorId)));

/** The comments on one entity, oldest first (a conversation reads top to bottom). */
export const listComments = (db: Db, tenantId: string, entityType: string, entityId: string): Promise<CommentRow[]> =>
  selectComments(db)
    .where(and(eq(comments.tenantId, tenantId), eq(comments.entityType, entityType), eq(comments.entityId, entityId)))
    .orderBy(asc(comments.createdAt), asc(comments.id))
    .limit(COMMENTS_LIMIT);

export const findComment = async (db: Db, tenantId: string, id: string): Promise<CommentRow | null> => {
  const [row] = await selectComments(db)
    .where(and(eq(comments.tenantId, tenantId), eq(comments.id, id)))
    .limit(1);
  return row ?? null;
};

export const insertComment = async (
  db: Db,
  values: {
    tenantId: string;
    id: string;
    entityType: string;
    entityId: string;
    marketingPlanId: string | null;
    authorId: string;
    name: string;
    description: string;
    at: Date;
  },
): Promise<void> => {
  const { at, ...rest } = values;
  await db.insert(comments).values({ ...rest, createdAt: at, updatedAt: at });
};

/** The comment's version, locked until the transaction ends; null when there is none (DESIGN.md §13). */
export const lockCommentVersion = (db: Db, tenantId: string, id: string): Promise<number | null> =>
  lockVersion(db, comments, comments.version, and(eq(comments.tenantId, tenantId), eq(comments.id, id)) as SQL);

export const updateComment = async (
  db: Db,
  tenantId: string,
  id: string,
  values: { name: string; description: string; at: Date },
): Promise<void> => {
  await db
    .update(comments)
    .set({ name: values.name, description: values.description, updatedAt: values.at })
    .where(and(eq(comments.tenantId, tenantId), eq(comments.id, id)));
};

export const deleteComment = async (db: Db, tenantId: string, id: string): Promise<void> => {
  await db.delete(comments).where(and(eq(comments.tenantId, tenantId), eq(comments.id, id)));
};
