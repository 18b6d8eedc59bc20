import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { lockVersion } from '../../db/row-versions.ts';
import { webhookDeliveries, webhookEvents, webhooks } from '../../schema/webhooks.ts';

export type WebhookRow = typeof webhooks.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect & { event: string };
export type LastDelivery = { at: Date; status: 1 | 2 | 3; responseStatus: number | null; attempts: number };

/** The tenant's webhooks, oldest first, each with its latest delivery. */
export const listWebhooks = async (db: Db, tenantId: string): Promise<Array<WebhookRow & { last: LastDelivery | null }>> => {
  const rows = await db.select().from(webhooks).where(eq(webhooks.tenantId, tenantId)).orderBy(asc(webhooks.createdAt), asc(webhooks.id));
  return Promise.all(rows.map(async (row) => ({ ...row, last: await lastDelivery(db, tenantId, row.id) })));
};

export const lastDelivery = async (db: Db, tenantId: string, webhookId: string): Promise<LastDelivery | null> => {
  const [row] = await db
    .select({
      at: sql<Date>`coalesce(${webhookDeliveries.lastAttemptAt}, ${webhookDeliveries.createdAt})`.mapWith((value) => new Date(value)),
      status: webhookDeliveries.status,
      responseStatus: webhookDeliveries.responseStatus,
      attempts: webhookDeliveries.attempts,
    })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.tenantId, tenantId), eq(webhookDeliveries.webhookId, webhookId)))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(1);
  return row ?? null;
};

export const findWebhook = async (db: Db, tenantId: string, id: string): Promise<WebhookRow | undefined> => {
  const [row] = await db
    .select()
    .from(webhooks)
    .where(and(eq(webhooks.tenantId, tenantId), eq(webhooks.id, id)))
    .limit(1);
  return row;
};

export const lockWebhookVersion = (tx: Db, tenantId: string, id: string): Promise<number | null> =>
  lockVersion(tx, webhooks, webhooks.version, and(eq(webhooks.tenantId, tenantId), eq(webhooks.id, id)) as SQL);

/**
 * The tenant's webhooks, counted under a transaction-long advisory lock of the tenant's webhooks, so
 * two creates at once cannot both count 9 and make 11 (the second counts after the first commits).
 */
export const countWebhooks = async (tx: Db, tenantId: string): Promise<number> => {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`plansmith.webhooks:${tenantId}`}, 0))`);
  const [row] = await tx.select({ value: count() }).from(webhooks).where(eq(webhooks.tenantId, tenantId));
  return row?.value ?? 0;
};

export const insertWebhook = async (tx: Db, row: typeof webhooks.$inferInsert): Promise<void> => {
  await tx.insert(webhooks).values(row);
};

export const updateWebhook = async (
  tx: Db,
  tenantId: string,
  id: string,
  set: Partial<Pick<WebhookRow, 'url' | 'events' | 'active' | 'description' | 'secretSealed' | 'updatedBy' | 'updatedAt'>>,
): Promise<void> => {
  await tx
    .update(webhooks)
    .set(set)
    .where(and(eq(webhooks.tenantId, tenantId), eq(webhooks.id, id)));
};

export const deleteWebhook = async (tx: Db, tenantId: string, id: string): Promise<void> => {
  await tx.delete(webhooks).where(and(eq(webhooks.tenantId, tenantId), eq(webhooks.id, id)));
  // Events nobody will receive any more (their deliveries went with the webhook).
  await tx.execute(sql`DELETE FROM webhook_events e WHERE e.tenant_id = ${tenantId}
    AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.tenant_id = e.tenant_id AND d.event_id = e.id)`);
};

/** A ping for one webhook (Test): its event and its one delivery. */
export const insertPing = async (
  tx: Db,
  tenantId: string,
  webhookId: string,
  data: Record<string, unknown>,
  at: Date,
): Promise<{ eventId: string; deliveryId: string }> => {
  const [event] = await tx
    .insert(webhookEvents)
    .values({ tenantId, type: 'ping', data, createdAt: at })
    .returning({ id: webhookEvents.id });
  if (!event) throw new Error('ping event not written');
  const [delivery] = await tx
    .insert(webhookDeliveries)
    .values({ tenantId, webhookId, eventId: event.id, createdAt: at })
    .returning({ id: webhookDeliveries.id });
  if (!delivery) throw new Error('ping delivery not written');
  return { eventId: event.id, deliveryId: delivery.id };
};

const deliveryColumns = {
  tenantId: webhookDeliveries.tenantId,
  id: webhookDeliveries.id,
  webhookId: webhookDeliveries.webhookId,
  eventId: webhookDeliveries.eventId,
  status: webhookDeliveries.status,
  attempts: webhookDeliveries.attempts,
  nextAttemptAt: webhookDeliveries.nextAttemptAt,
  firstAttemptAt: webhookDeliveries.firstAttemptAt,
  lastAttemptAt: webhookDeliveries.lastAttemptAt,
  responseStatus: webhookDeliveries.responseStatus,
  responseMs: webhookDeliveries.responseMs,
  error: webhookDeliveries.error,
  createdAt: webhookDeliveries.createdAt,
  deliveredAt: webhookDeliveries.deliveredAt,
  event: webhookEvents.type,
};

const selectDeliveries = (db: Db) =>
  db
    .select(deliveryColumns)
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, and(eq(webhookEvents.tenantId, webhookDeliveries.tenantId), eq(webhookEvents.id, webhookDeliveries.eventId)));

export const findDelivery = async (db: Db, tenantId: string, id: string): Promise<DeliveryRow | undefined> => {
  const [row] = await selectDeliveries(db)
    .where(and(eq(webhookDeliveries.tenantId, tenantId), eq(webhookDeliveries.id, id)))
    .limit(1);
  return row;
};

export const pageDeliveries = async (
  db: Db,
  tenantId: string,
  webhookId: string,
  page: number,
  pageSize: number,
): Promise<{ rows: DeliveryRow[]; total: number }> => {
  const where = and(eq(webhookDeliveries.tenantId, tenantId), eq(webhookDeliveries.webhookId, webhookId));
  const rows = await selectDeliveries(db)
    .where(where)
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [total] = await db.select({ value: count() }).from(webhookDeliveries).where(where);
  return { rows, total: total?.value ?? 0 };
};
