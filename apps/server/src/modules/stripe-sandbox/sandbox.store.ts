import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type SandboxObject, sandboxEvents, sandboxIdempotencyKeys, sandboxObjects } from '../../schema/stripe-sandbox.ts';

/** Stripe-looking ids: `cus_…`, `seti_…`, `pm_…`, `sub_…`, `si_…`, `evt_…`. */
export const sandboxId = (prefix: string): string => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;

export const getObject = async <T extends SandboxObject>(db: Db, id: string, object: string): Promise<T | null> => {
  const [row] = await db
    .select({ data: sandboxObjects.data })
    .from(sandboxObjects)
    .where(and(eq(sandboxObjects.id, id), eq(sandboxObjects.object, object)));
  return (row?.data as T | undefined) ?? null;
};

export const putObject = async (db: Db, data: SandboxObject, now: Date): Promise<void> => {
  await db
    .insert(sandboxObjects)
    .values({ id: data.id, object: data.object, data, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: sandboxObjects.id, set: { data, updatedAt: now } });
};

export type StoredResponse = { status: number; body: unknown };

export const findIdempotentResponse = async (db: Db, key: string): Promise<(StoredResponse & { fingerprint: string }) | null> => {
  const [row] = await db.select().from(sandboxIdempotencyKeys).where(eq(sandboxIdempotencyKeys.key, key));
  return row ? { status: row.status, body: row.response, fingerprint: row.requestFingerprint } : null;
};

/** Status of a reserved key whose request is still running. */
export const IN_PROGRESS = 0;

/**
 * Claims an idempotency key before the request runs, as Stripe does: true when this request
 * holds it; false when an earlier or concurrent request already does.
 */
export const reserveIdempotencyKey = async (db: Db, key: string, fingerprint: string): Promise<boolean> => {
  const rows = await db
    .insert(sandboxIdempotencyKeys)
    .values({ key, requestFingerprint: fingerprint, status: IN_PROGRESS, response: {} })
    .onConflictDoNothing()
    .returning({ key: sandboxIdempotencyKeys.key });
  return rows.length === 1;
};

export const saveIdempotentResponse = async (db: Db, key: string, response: StoredResponse): Promise<void> => {
  await db
    .update(sandboxIdempotencyKeys)
    .set({ status: response.status, response: response.body })
    .where(eq(sandboxIdempotencyKeys.key, key));
};

/** A request that failed on the sandbox's side may be retried with the same key. */
export const releaseIdempotencyKey = async (db: Db, key: string): Promise<void> => {
  await db.delete(sandboxIdempotencyKeys).where(eq(sandboxIdempotencyKeys.key, key));
};

export const recordEvent = async (db: Db, type: string, object: SandboxObject, now: Date, previous?: Record<string, unknown>) => {
  const id = sandboxId('evt');
  const payload = {
    id,
    object: 'event',
    api_version: null,
    created: Math.floor(now.getTime() / 1000),
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object, ...(previous ? { previous_attributes: previous } : {}) },
  };
  await db.insert(sandboxEvents).values({ id, type, payload, createdAt: now });
  return payload;
};

export const listPendingEvents = (db: Db) =>
  db
    .select()
    .from(sandboxEvents)
    .where(isNull(sandboxEvents.deliveredAt))
    .orderBy(asc(sandboxEvents.createdAt), asc(sandboxEvents.id))
    .limit(50);

export const markEventDelivered = async (db: Db, id: string, now: Date) => {
  await db
    .update(sandboxEvents)
    .set({ deliveredAt: now, attempts: sql`${sandboxEvents.attempts} + 1` })
    .where(eq(sandboxEvents.id, id));
};

export const markEventFailed = async (db: Db, id: string, error: string) => {
  await db
    .update(sandboxEvents)
    .set({ lastError: error.slice(0, 500), attempts: sql`${sandboxEvents.attempts} + 1` })
    .where(eq(sandboxEvents.id, id));
};
