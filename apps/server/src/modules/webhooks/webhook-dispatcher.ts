import { createHmac } from 'node:crypto';
import {
  WEBHOOK_DELIVERY_HEADER,
  WEBHOOK_EVENT_HEADER,
  WEBHOOK_RETRY_WINDOW_HOURS,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMEOUT_SECONDS,
  WebhookApprovalDataSchema,
  WebhookBudgetItemDataSchema,
  WebhookExpenseDataSchema,
  WebhookMonthClosedDataSchema,
  WebhookPingDataSchema,
  WebhookPlanDataSchema,
  webhookRetryDelaySeconds,
} from '@plansmith/contract';
import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { repeatingJob } from '../../lib/repeating-job.ts';
import { openSecret } from '../../lib/secret-box.ts';
import { WEBHOOK_DELIVERY_STATUS, webhookDeliveries, webhookEvents, webhooks } from '../../schema/webhooks.ts';
import { postJson } from './webhook-http.ts';

const HOUR_MS = 60 * 60_000;
const PENDING = WEBHOOK_DELIVERY_STATUS.pending;
/** Delivered and failed deliveries are kept this long in the log, then deleted with their events. */
export const WEBHOOK_LOG_RETENTION_DAYS = 30;
const DAY_MS = 24 * HOUR_MS;

/** Data of each event type in the contract's shape, so every body lists its fields in one order. */
const DATA_SCHEMAS: Record<string, z.ZodObject> = {
  expense: WebhookExpenseDataSchema,
  budget_item: WebhookBudgetItemDataSchema,
  plan: WebhookPlanDataSchema,
  approval: WebhookApprovalDataSchema,
  month: WebhookMonthClosedDataSchema,
  ping: WebhookPingDataSchema,
};
const dataOf = (type: string, data: Record<string, unknown>): Record<string, unknown> => {
  const schema = DATA_SCHEMAS[type.split('.')[0] ?? ''];
  const parsed = schema?.safeParse(data);
  return parsed?.success ? (parsed.data as Record<string, unknown>) : data;
};

/** The JSON a receiver gets: {Id (the event's), Type, CreatedAt, TenantId, Data}. */
export const webhookBody = (event: {
  id: string;
  tenantId: string;
  type: string;
  createdAt: Date;
  data: Record<string, unknown>;
}): string =>
  JSON.stringify({
    Id: event.id,
    Type: event.type,
    CreatedAt: event.createdAt.toISOString(),
    TenantId: event.tenantId,
    Data: dataOf(event.type, event.data),
  });

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" keyed with the secret>`. */
export const signWebhook = (secret: string, unixSeconds: number, body: string): string =>
  `t=${unixSeconds},v1=${createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex')}`;

export type DispatcherOptions = {
  /** Deliveries claimed per round. */
  batchSize?: number;
  /** How long a claimed delivery stays invisible to the other instances while it is being sent. */
  leaseMs?: number;
  timeoutMs?: number;
  log?: { warn: (details: object, message: string) => void; error: (details: object, message: string) => void };
};

export type DispatchOutcome = { delivered: number; retried: number; failed: number };
type Claimed = typeof webhookDeliveries.$inferSelect;

/**
 * Sends the webhooks' outbox. Each round claims due pending deliveries in one statement —
 * `UPDATE … WHERE (tenant_id, id) IN (SELECT … FOR UPDATE SKIP LOCKED)` — that counts the attempt
 * and pushes the next one a lease ahead, so several instances on one database never send one
 * delivery at once and a crashed instance's claims come back after the lease. The POST happens
 * outside any transaction; its outcome is written after. A non-2xx answer, no answer within 10 s or a
 * refused address is retried after 30 s, 1 min, 2 min … (at most 4 h apart) until 24 hours after the
 * first attempt, then the delivery is failed.
 */
export const createWebhookDispatcher = (ctx: Pick<AppContext, 'db' | 'clock' | 'config'>, options: DispatcherOptions = {}) => {
  const { db, clock, config } = ctx;
  const batchSize = options.batchSize ?? 20;
  const leaseMs = options.leaseMs ?? 2 * 60_000;
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_SECONDS * 1000;

  const claim = async (only?: { tenantId: string; id: string }): Promise<Claimed[]> => {
    const now = clock.now();
    const due = db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(
        only
          ? and(eq(webhookDeliveries.tenantId, only.tenantId), eq(webhookDeliveries.id, only.id), eq(webhookDeliveries.status, PENDING))
          : and(
              eq(webhookDeliveries.status, PENDING),
              or(isNull(webhookDeliveries.nextAttemptAt), lte(webhookDeliveries.nextAttemptAt, now)),
            ),
      )
      .orderBy(sql`${webhookDeliveries.nextAttemptAt} NULLS FIRST`, asc(webhookDeliveries.createdAt))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    return db
      .update(webhookDeliveries)
      .set({
        attempts: sql`${webhookDeliveries.attempts} + 1`,
        nextAttemptAt: new Date(now.getTime() + leaseMs),
        firstAttemptAt: sql`coalesce(${webhookDeliveries.firstAttemptAt}, ${now.toISOString()}::timestamptz)`,
        lastAttemptAt: now,
      })
      .where(
        and(
          only ? eq(webhookDeliveries.tenantId, only.tenantId) : undefined,
          inArray(webhookDeliveries.id, due),
          eq(webhookDeliveries.status, PENDING),
        ),
      )
      .returning();
  };

  const load = async (row: Claimed) => {
    const [found] = await db
      .select({ event: webhookEvents, webhook: webhooks })
      .from(webhookEvents)
      .innerJoin(webhooks, and(eq(webhooks.tenantId, webhookEvents.tenantId), eq(webhooks.id, row.webhookId)))
      .where(and(eq(webhookEvents.tenantId, row.tenantId), eq(webhookEvents.id, row.eventId)))
      .limit(1);
    return found;
  };

  /**
   * Writes an attempt's outcome, only while the claim is still this one's: an attempt that outlived
   * its lease (a slow receiver) may have been claimed again by another instance, whose outcome wins.
   * Answers whether it was written.
   */
  const record = async (row: Claimed, set: Partial<typeof webhookDeliveries.$inferInsert>): Promise<boolean> => {
    const written = await db
      .update(webhookDeliveries)
      .set(set)
      .where(
        and(
          eq(webhookDeliveries.tenantId, row.tenantId),
          eq(webhookDeliveries.id, row.id),
          eq(webhookDeliveries.status, PENDING),
          eq(webhookDeliveries.attempts, row.attempts),
        ),
      )
      .returning({ id: webhookDeliveries.id });
    return written.length > 0;
  };

  const attempt = async (row: Claimed): Promise<keyof DispatchOutcome | null> => {
    const found = await load(row);
    if (!found) return null; // its webhook was deleted meanwhile (and the delivery with it)
    const { event, webhook } = found;
    let status: number | null = null;
    let ms: number | null = null;
    let problem: string | null = null;
    if (!webhook.active && event.type !== 'ping') {
      problem = 'Not sent: the webhook is inactive.';
    } else if (!config.secretKey) {
      problem = 'Not sent: SSO_SECRET_KEY is not set on the server, so the signing secret cannot be read.';
    } else {
      try {
        const secret = openSecret(config.secretKey, webhook.secretSealed);
        const body = webhookBody(event);
        const outcome = await postJson({
          url: webhook.url,
          body,
          timeoutMs,
          publicOnly: config.isProduction,
          headers: {
            [WEBHOOK_SIGNATURE_HEADER]: signWebhook(secret, Math.floor(clock.now().getTime() / 1000), body),
            [WEBHOOK_EVENT_HEADER]: event.type,
            [WEBHOOK_DELIVERY_HEADER]: row.id,
            'user-agent': 'Plansmith-Webhooks/1',
          },
        });
        status = outcome.status;
        ms = outcome.ms;
        if (status < 200 || status > 299) problem = `The receiver answered HTTP ${status}.`;
      } catch (error) {
        problem = (error instanceof Error ? error.message : String(error)).slice(0, 500) || 'The request failed.';
      }
    }
    const now = clock.now();
    if (problem === null) {
      const written = await record(row, {
        status: WEBHOOK_DELIVERY_STATUS.delivered,
        responseStatus: status,
        responseMs: ms,
        error: null,
        deliveredAt: now,
        nextAttemptAt: null,
      });
      return written ? 'delivered' : null;
    }
    const first = row.firstAttemptAt ?? now;
    const next = new Date(now.getTime() + webhookRetryDelaySeconds(row.attempts) * 1000);
    const giveUp = next.getTime() > first.getTime() + WEBHOOK_RETRY_WINDOW_HOURS * HOUR_MS;
    const written = await record(row, {
      status: giveUp ? WEBHOOK_DELIVERY_STATUS.failed : PENDING,
      responseStatus: status,
      responseMs: ms,
      error: problem,
      nextAttemptAt: giveUp ? null : next,
    });
    if (!written) return null;
    if (giveUp)
      options.log?.error(
        { deliveryId: row.id, webhookId: row.webhookId, attempts: row.attempts, error: problem },
        'webhook delivery failed for good',
      );
    return giveUp ? 'failed' : 'retried';
  };

  /**
   * Deletes delivered and failed deliveries older than the retention, then the events left without a
   * delivery. Idempotent (several instances may run it); at most once an hour per instance.
   */
  let prunedAt = 0;
  const prune = async (): Promise<void> => {
    const now = clock.now().getTime();
    if (now - prunedAt < HOUR_MS) return;
    prunedAt = now;
    const before = new Date(now - WEBHOOK_LOG_RETENTION_DAYS * DAY_MS).toISOString();
    await db.execute(sql`DELETE FROM webhook_deliveries WHERE status <> ${PENDING} AND created_at < ${before}::timestamptz`);
    await db.execute(sql`DELETE FROM webhook_events e WHERE e.created_at < ${before}::timestamptz
      AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.tenant_id = e.tenant_id AND d.event_id = e.id)`);
  };

  /** One pass over everything due now (and, once an hour, the log's prune). */
  const dispatchOnce = async (): Promise<DispatchOutcome> => {
    await prune();
    const outcome: DispatchOutcome = { delivered: 0, retried: 0, failed: 0 };
    for (;;) {
      const claimed = await claim();
      if (claimed.length === 0) return outcome;
      const results = await Promise.all(claimed.map(attempt));
      for (const result of results) if (result) outcome[result] += 1;
      if (claimed.length < batchSize) return outcome;
    }
  };

  const job = repeatingJob(dispatchOnce, (error: unknown) =>
    options.log?.error({ error: error instanceof Error ? error.message : String(error) }, 'webhook dispatcher round failed'),
  );

  return {
    dispatch: job.run,
    /** Sends one delivery now if it is still pending and nobody holds it (Test): whether it was attempted. */
    sendNow: async (tenantId: string, id: string): Promise<boolean> => {
      const [row] = await claim({ tenantId, id });
      if (!row) return false;
      await attempt(row);
      return true;
    },
    start: (intervalMs = 2_000) => job.start(intervalMs),
    stop: job.stop,
    get isRunning() {
      return job.isRunning;
    },
  };
};
export type WebhookDispatcher = ReturnType<typeof createWebhookDispatcher>;
