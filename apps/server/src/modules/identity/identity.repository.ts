import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { findUserProfile } from '../tenants/index.ts';
import { users } from '../../schema/tenants.ts';
import { refreshTokens } from '../../schema/identity.ts';
import { forgetTenantRows } from '../../db/tenant-row-cache.ts';

export const findUserByEmail = async (db: Db, email: string) => {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row ?? null;
};

/** The users table belongs to the tenants module; its lookup by id is shared. */
export const findUser = findUserProfile;

export const insertRefreshToken = async (
  db: Db,
  row: { tenantId: string; id: string; userId: string; familyId: string; tokenHash: string; familyStartedAt: Date; createdAt: Date },
) => {
  await db.insert(refreshTokens).values(row);
};

export const findRefreshTokenByHash = async (db: Db, tokenHash: string) => {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1);
  return row ?? null;
};

/** Marks a refresh token used; false when another request used it first (a replay). */
export const markRefreshTokenUsed = async (db: Db, tenantId: string, id: string, now: Date): Promise<boolean> => {
  const rows = await db
    .update(refreshTokens)
    .set({ usedAt: now })
    .where(
      and(eq(refreshTokens.tenantId, tenantId), eq(refreshTokens.id, id), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)),
    )
    .returning({ id: refreshTokens.id });
  return rows.length === 1;
};

export const revokeFamily = async (db: Db, tenantId: string, familyId: string, now: Date) => {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.tenantId, tenantId), eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
};

/** Ends every session of a user: refresh tokens revoked, access tokens refused from now on. */
export const revokeAllSessions = async (db: Db, tenantId: string, userId: string, now: Date) => {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.tenantId, tenantId), eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  const [row] = await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: now })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)))
    .returning({ tokenVersion: users.tokenVersion });
  forgetTenantRows(tenantId);
  return row?.tokenVersion ?? 0;
};

export const updatePasswordHash = async (db: Db, tenantId: string, userId: string, passwordHash: string, now: Date) => {
  await db
    .update(users)
    .set({ passwordHash, updatedAt: now })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
};
