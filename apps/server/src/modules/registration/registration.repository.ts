import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../schema/tenants.ts';
import { type RegistrationRow, registrationKeys, registrations } from '../../schema/registration.ts';

export const findUserByEmail = async (db: Db, email: string) => {
  const [row] = await db
    .select({ id: users.id, tenantId: users.tenantId, passwordHash: users.passwordHash, firstName: users.firstName })
    .from(users)
    .where(eq(users.email, email));
  return row ?? null;
};

/** The latest sign-up of an address that has not made a tenant yet. */
export const findPendingRegistration = async (db: Db, email: string): Promise<RegistrationRow | null> => {
  const [row] = await db
    .select()
    .from(registrations)
    .where(and(eq(registrations.email, email), isNull(registrations.completedAt)))
    .orderBy(desc(registrations.createdAt))
    .limit(1);
  return row ?? null;
};

export const findRegistration = async (db: Db, id: string): Promise<RegistrationRow | null> => {
  const [row] = await db.select().from(registrations).where(eq(registrations.id, id));
  return row ?? null;
};

export const insertRegistration = async (db: Db, row: typeof registrations.$inferInsert) => {
  await db.insert(registrations).values(row);
};

export const updateRegistration = async (db: Db, id: string, values: Partial<typeof registrations.$inferInsert>) => {
  await db.update(registrations).set(values).where(eq(registrations.id, id));
};

/** Earlier links stop working when a new one is sent. */
export const revokeOpenKeys = async (db: Db, registrationId: string, now: Date) => {
  await db
    .update(registrationKeys)
    .set({ revokedAt: now })
    .where(and(eq(registrationKeys.registrationId, registrationId), isNull(registrationKeys.usedAt), isNull(registrationKeys.revokedAt)));
};

export const insertKey = async (db: Db, row: typeof registrationKeys.$inferInsert) => {
  await db.insert(registrationKeys).values(row);
};

export const findKey = async (db: Db, keyHash: string) => {
  const [row] = await db
    .select({ key: registrationKeys, registration: registrations })
    .from(registrationKeys)
    .innerJoin(registrations, eq(registrations.id, registrationKeys.registrationId))
    .where(eq(registrationKeys.keyHash, keyHash));
  return row ?? null;
};

/** Consumes a key with one conditional update: true only for the one caller that used it. */
export const consumeKey = async (db: Db, keyId: string, now: Date): Promise<boolean> => {
  const rows = await db
    .update(registrationKeys)
    .set({ usedAt: now })
    .where(
      and(
        eq(registrationKeys.id, keyId),
        isNull(registrationKeys.usedAt),
        isNull(registrationKeys.revokedAt),
        gt(registrationKeys.expiresAt, now),
      ),
    )
    .returning({ id: registrationKeys.id });
  return rows.length === 1;
};
