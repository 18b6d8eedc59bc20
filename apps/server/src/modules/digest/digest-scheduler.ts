import { and, eq, notExists } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { repeatingJob } from '../../lib/repeating-job.ts';
import { digestRuns } from '../../schema/notifications.ts';
import { tenants } from '../../schema/tenants.ts';
import { buildPublicUrl } from '../mail/index.ts';
import { queueNotification, sharedFormat } from '../notifications/index.ts';
import { type DigestRecipient, describeTenantPlans, listDigestRecipients, type PlanDigest } from './digest-content.ts';
import { digestDue } from './digest-week.ts';

type Log = { error: (details: object, message: string) => void };

/** Queues one person's digest of the plans they see, in the caller's transaction. */
export const queueDigestMail = async (
  ctx: AppContext,
  tx: Db,
  input: { tenantId: string; weekStart: string; recipient: DigestRecipient; plans: PlanDigest[]; preview?: boolean },
): Promise<void> => {
  const { recipient, weekStart } = input;
  // The recipient's locale, the tenant's base currency (DESIGN.md §17).
  const format = { ...(await sharedFormat(tx, input.tenantId)), locale: recipient.locale };
  const mine = input.plans.filter((plan) => recipient.planIds.has(plan.planId));
  await queueNotification(ctx, tx, {
    tenantId: input.tenantId,
    kind: 'digest',
    to: { userId: recipient.userId, email: recipient.email },
    mail: {
      subject: `${input.preview ? 'Preview: ' : ''}Your weekly Plansmith digest: week of ${weekStart}`,
      heading: `Week of ${weekStart}`,
      paragraphs: [
        `Hi ${recipient.firstName},`,
        input.preview
          ? `You asked for this digest now: it is what Monday's would say about your ${mine.length === 1 ? 'plan' : `${mine.length} plans`} today.`
          : `Here is where your ${mine.length === 1 ? 'plan stands' : `${mine.length} plans stand`} this Monday.`,
      ],
      list: mine.map((plan) => ({
        label: plan.name,
        url: buildPublicUrl(ctx.config.publicUrl, `/plans/${plan.planId}`),
        detail: plan.linesFor(format).join(' '),
      })),
      action: { label: 'Open your dashboard', url: buildPublicUrl(ctx.config.publicUrl, '/') },
    },
  });
};

/** Claims the tenant's week (unique row) and queues its digests in one transaction: all or nothing, once. */
const sendTenantDigest = async (ctx: AppContext, tenantId: string, weekStart: string, today: string): Promise<number> =>
  ctx.db.transaction(async (tx: Db) => {
    const claimed = await tx
      .insert(digestRuns)
      .values({ tenantId, weekStart, recipients: 0, sentAt: ctx.clock.now() })
      .onConflictDoNothing()
      .returning({ tenantId: digestRuns.tenantId });
    // Another instance (or an earlier tick) has this week: its transaction queued the mails.
    if (claimed.length === 0) return 0;
    const plans = await describeTenantPlans(tx, tenantId, today);
    const recipients = await listDigestRecipients(tx, tenantId, plans);
    for (const recipient of recipients) await queueDigestMail(ctx, tx, { tenantId, weekStart, recipient, plans });
    await tx
      .update(digestRuns)
      .set({ recipients: recipients.length })
      .where(and(eq(digestRuns.tenantId, tenantId), eq(digestRuns.weekStart, weekStart)));
    return recipients.length;
  });

/**
 * The weekly digest (DESIGN.md §11): every tick finds the tenants whose local time is Monday after
 * 08:00 and whose week has no digest yet, and sends each one's digest. Several instances may tick
 * at once: the (tenant, week) row claimed in the sending transaction lets one of them send it.
 * The clock is the app's (tests move it); ticks never overlap inside one process.
 */
export const createDigestScheduler = (ctx: AppContext, log?: Log) => {
  const tickOnce = async (): Promise<{ tenants: number; mails: number }> => {
    const now = ctx.clock.now();
    const zones = await ctx.db.selectDistinct({ timeZone: tenants.timeZone }).from(tenants);
    const outcome = { tenants: 0, mails: 0 };
    for (const { timeZone } of zones) {
      const week = digestDue(now, timeZone);
      if (!week.due) continue;
      const due = await ctx.db
        .select({ id: tenants.id })
        .from(tenants)
        .where(
          and(
            eq(tenants.timeZone, timeZone),
            notExists(
              ctx.db
                .select({ one: digestRuns.tenantId })
                .from(digestRuns)
                .where(and(eq(digestRuns.tenantId, tenants.id), eq(digestRuns.weekStart, week.weekStart))),
            ),
          ),
        );
      for (const tenant of due) {
        try {
          outcome.mails += await sendTenantDigest(ctx, tenant.id, week.weekStart, week.today);
          outcome.tenants += 1;
        } catch (error) {
          // One tenant's failure must not stop the others; its week stays unclaimed and is tried next tick.
          log?.error({ tenantId: tenant.id, error: error instanceof Error ? error.message : String(error) }, 'weekly digest failed');
        }
      }
    }
    return outcome;
  };

  const job = repeatingJob(tickOnce, (error: unknown) =>
    log?.error({ error: error instanceof Error ? error.message : String(error) }, 'digest tick failed'),
  );

  return {
    tick: job.run,
    /** Ticks every intervalMs (a minute by default) until stop(). */
    start: (intervalMs = 60_000) => job.start(intervalMs),
    stop: job.stop,
  };
};
export type DigestScheduler = ReturnType<typeof createDigestScheduler>;
