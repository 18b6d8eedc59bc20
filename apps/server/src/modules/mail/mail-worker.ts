import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Clock } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { repeatingJob } from '../../lib/repeating-job.ts';
import type { MailTransport } from './mail-transport.ts';
import { mailOutbox } from '../../schema/mail.ts';

export type MailWorkerOptions = {
  db: Db;
  transport: MailTransport;
  clock: Clock;
  log?: { warn: (details: object, message: string) => void; error: (details: object, message: string) => void };
  /** Messages claimed per round. */
  batchSize?: number;
  /** After this many failed attempts a message is marked failed (kept, visible, never deleted). */
  maxAttempts?: number;
  /** First retry delay; doubles on every further failure, up to maxDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** How long a claimed message stays invisible to other workers while it is being sent. */
  leaseMs?: number;
};

export type DrainOutcome = { sent: number; retried: number; failed: number };

export const DEFAULT_MAIL_RETRY = { maxAttempts: 12, baseDelayMs: 30_000, maxDelayMs: 60 * 60_000, leaseMs: 5 * 60_000 } as const;

/** Exponential backoff: base, 2×base, 4×base, … capped. `attempts` counts the attempts made so far (≥ 1). */
export const retryDelayMs = (attempts: number, baseDelayMs: number, maxDelayMs: number): number =>
  Math.min(maxDelayMs, baseDelayMs * 2 ** Math.max(0, attempts - 1));

/**
 * Drains the durable mail outbox. Each round claims due messages with one statement —
 * `UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED)` — which pushes their next attempt past
 * a lease, so several instances on one PostgreSQL never send the same message at once, and a
 * crashed instance's messages come back after the lease. The same statement runs on PGlite.
 * Sending happens outside any transaction; failures are retried with exponential backoff.
 */
export const createMailWorker = (options: MailWorkerOptions) => {
  const { db, transport, clock, log } = options;
  const batchSize = options.batchSize ?? 20;
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAIL_RETRY.maxAttempts;
  const baseDelayMs = options.baseDelayMs ?? DEFAULT_MAIL_RETRY.baseDelayMs;
  const maxDelayMs = options.maxDelayMs ?? DEFAULT_MAIL_RETRY.maxDelayMs;
  const leaseMs = options.leaseMs ?? DEFAULT_MAIL_RETRY.leaseMs;

  const claimDue = async () => {
    const now = clock.now();
    const due = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, now)))
      .orderBy(asc(mailOutbox.nextAttemptAt))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    return db
      .update(mailOutbox)
      .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + leaseMs) })
      .where(and(inArray(mailOutbox.id, due), eq(mailOutbox.status, 'pending')))
      .returning();
  };

  const deliver = async (row: typeof mailOutbox.$inferSelect): Promise<keyof DrainOutcome> => {
    try {
      await transport.send({
        id: row.id,
        to: row.toAddress,
        subject: row.subject,
        html: row.htmlBody,
        text: row.textBody,
        headers: row.headers,
      });
      await db.update(mailOutbox).set({ status: 'sent', sentAt: clock.now(), lastError: null }).where(eq(mailOutbox.id, row.id));
      return 'sent';
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const giveUp = row.attempts >= maxAttempts;
      const next = new Date(clock.now().getTime() + retryDelayMs(row.attempts, baseDelayMs, maxDelayMs));
      await db
        .update(mailOutbox)
        .set(giveUp ? { status: 'failed', lastError: message.slice(0, 1000) } : { nextAttemptAt: next, lastError: message.slice(0, 1000) })
        .where(eq(mailOutbox.id, row.id));
      if (giveUp) log?.error({ mailId: row.id, attempts: row.attempts, error: message }, 'mail failed for good');
      else
        log?.warn(
          { mailId: row.id, attempts: row.attempts, retryAt: next.toISOString(), error: message },
          'mail delivery failed; will retry',
        );
      return giveUp ? 'failed' : 'retried';
    }
  };

  /** One pass over everything due now. */
  const drainOnce = async (): Promise<DrainOutcome> => {
    const outcome: DrainOutcome = { sent: 0, retried: 0, failed: 0 };
    for (;;) {
      const claimed = await claimDue();
      if (claimed.length === 0) return outcome;
      for (const row of claimed) outcome[await deliver(row)] += 1;
      if (claimed.length < batchSize) return outcome;
    }
  };

  // Rounds never overlap inside one process: a drain asked for during another waits for it.
  const job = repeatingJob(drainOnce, (error: unknown) =>
    log?.error({ error: error instanceof Error ? error.message : String(error) }, 'mail worker round failed'),
  );

  return {
    drain: job.run,
    /** Polls the outbox every intervalMs until stop(). */
    start: (intervalMs = 1_000) => job.start(intervalMs),
    /** Stops polling and waits for a round in progress, so the database can close cleanly. */
    stop: job.stop,
    get isRunning() {
      return job.isRunning;
    },
  };
};
export type MailWorker = ReturnType<typeof createMailWorker>;
