import { and, count, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { apiTokens } from '../../schema/api-tokens.ts';
import { users } from '../../schema/tenants.ts';

const columns = {
  id: apiTokens.id,
  userId: apiTokens.userId,
  name: apiTokens.name,
  scope: apiTokens.scope,
  prefix: apiTokens.prefix,
  createdAt: apiTokens.createdAt,
  expiresAt: apiTokens.expiresAt,
  lastUsedAt: apiTokens.lastUsedAt,
  revokedAt: apiTokens.revokedAt,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
};

export type ApiTokenRow = {
  id: string;
  userId: string;
  name: string;
  scope: 1 | 2;
  prefix: string;
  createdAt: Date;
  expiresAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  firstName: string;
  lastName: string;
  email: string;
};

const selectTokens = (db: Db) =>
  db
    .select(columns)
    .from(apiTokens)
    .innerJoin(users, and(eq(users.tenantId, apiTokens.tenantId), eq(users.id, apiTokens.userId)));

/** The tenant's tokens (or one person's), newest first. */
export const listTokens = async (db: Db, tenantId: string, userId: string | null): Promise<ApiTokenRow[]> =>
  selectTokens(db)
    .where(and(eq(apiTokens.tenantId, tenantId), userId ? eq(apiTokens.userId, userId) : undefined))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));

export const findToken = async (db: Db, tenantId: string, id: string): Promise<ApiTokenRow | undefined> => {
  const [row] = await selectTokens(db).where(and(eq(apiTokens.tenantId, tenantId), eq(apiTokens.id, id)));
  return row;
};

/** A person's tokens neither revoked nor expired at `now`. */
export const countLiveTokens = async (db: Db, tenantId: string, userId: string, now: Date): Promise<number> => {
  const [row] = await db
    .select({ value: count() })
    .from(apiTokens)
    .where(and(eq(apiTokens.tenantId, tenantId), eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt), gt(apiTokens.expiresAt, now)));
  return row?.value ?? 0;
};

export const insertToken = async (db: Db, row: typeof apiTokens.$inferInsert): Promise<void> => {
  await db.insert(apiTokens).values(row);
};

export const revokeToken = async (db: Db, tenantId: string, id: string, by: string, at: Date): Promise<void> => {
  await db
    .update(apiTokens)
    .set({ revokedAt: at, revokedBy: by })
    .where(and(eq(apiTokens.tenantId, tenantId), eq(apiTokens.id, id), isNull(apiTokens.revokedAt)));
};
