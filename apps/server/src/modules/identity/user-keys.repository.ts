import { and, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type UserKeyPurpose, userKeys } from '../../schema/identity.ts';

/**
 * Single-use keys mailed to people (DESIGN.md §3): stored only as their SHA-256, consumed with one
 * conditional UPDATE so two requests with the same key cannot both succeed.
 */

export const insertUserKey = async (
  db: Db,
  row: {
    tenantId: string;
    id: string;
    userId: string;
    purpose: UserKeyPurpose;
    keyHash: string;
    expiresAt: Date;
    createdBy: string | null;
    now: Date;
  },
) => {
  await db.insert(userKeys).values({
    tenantId: row.tenantId,
    id: row.id,
    userId: row.userId,
    purpose: row.purpose,
    keyHash: row.keyHash,
    expiresAt: row.expiresAt,
    createdBy: row.createdBy,
    createdAt: row.now,
  });
};

/** Stops every outstanding key of a person for one purpose (or all purposes) from working. */
export const revokeUserKeys = async (db: Db, tenantId: string, userId: string, purpose: UserKeyPurpose | null, now: Date) => {
  await db
    .update(userKeys)
    .set({ revokedAt: now })
    .where(
      and(
        eq(userKeys.tenantId, tenantId),
        eq(userKeys.userId, userId),
        purpose ? eq(userKeys.purpose, purpose) : undefined,
        isNull(userKeys.usedAt),
        isNull(userKeys.revokedAt),
      ),
    );
};

const usable = (keyHash: string, purpose: UserKeyPurpose, now: Date) =>
  and(
    eq(userKeys.keyHash, keyHash),
    eq(userKeys.purpose, purpose),
    isNull(userKeys.usedAt),
    isNull(userKeys.revokedAt),
    gt(userKeys.expiresAt, now),
  );

/** The key if it is unused, unrevoked and unexpired; does not use it up. */
export const findUsableKey = async (db: Db, keyHash: string, purpose: UserKeyPurpose, now: Date) => {
  const [row] = await db
    .select()
    .from(userKeys)
    .where(usable(keyHash, purpose, now))
    .limit(1);
  return row ?? null;
};

/** Uses the key up; null when it was not usable (unknown, used, revoked, expired, or used by a concurrent request). */
export const consumeKey = async (db: Db, keyHash: string, purpose: UserKeyPurpose, now: Date) => {
  const [row] = await db
    .update(userKeys)
    .set({ usedAt: now })
    .where(usable(keyHash, purpose, now))
    .returning({ tenantId: userKeys.tenantId, userId: userKeys.userId });
  return row ?? null;
};

/** The invitation keys of the given people, newest first. */
export const listInvitationKeys = async (db: Db, tenantId: string, userIds: string[]) => {
  if (userIds.length === 0) return [];
  return db
    .select()
    .from(userKeys)
    .where(and(eq(userKeys.tenantId, tenantId), eq(userKeys.purpose, 'invitation'), inArray(userKeys.userId, userIds)))
    .orderBy(desc(userKeys.createdAt));
};
