import { PLAN_STATE_LIVE, PLAN_STATE_LIVE_LEGACY, TEAM_ROLE_LEAD } from '@plansmith/contract';
import { todayInZone } from '@plansmith/contract/today';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { selectRows } from '../../db/rows.ts';
import { repeatingJob } from '../../lib/repeating-job.ts';
import { buildPublicUrl } from '../mail/index.ts';
import { queueNotification } from '../notifications/index.ts';
import { withNotificationDefaults } from '../people/index.ts';
import { longMonth, previousMonthOf } from './period-months.ts';

type Log = { error: (details: object, message: string) => void };

/** Whether `date` (YYYY-MM-DD) is the third working day (Monday to Friday) of its month. */
export const isThirdWorkingDay = (date: string): boolean => {
  const day = Number(date.slice(8, 10));
  let working = 0;
  for (let d = 1; d <= day; d += 1) {
    const weekday = new Date(`${date.slice(0, 8)}${String(d).padStart(2, '0')}T00:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6) working += 1;
  }
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && working === 3;
};

type DuePlan = { tenant_id: string; plan_id: string; plan_name: string; team_id: string };
type Lead = { user_id: string; email: string; first_name: string; settings: Record<string, unknown> };

/** Claims the plan's reminder for `month` (one row) and queues a mail to each Lead who wants it, in one transaction. */
const remindPlan = async (ctx: AppContext, plan: DuePlan, month: string): Promise<number> =>
  ctx.db.transaction(async (tx: Db) => {
    const claimed = await selectRows<{ month: string }>(
      tx,
      sql`INSERT INTO close_reminders (tenant_id, marketing_plan_id, month, recipients, sent_at)
          VALUES (${plan.tenant_id}, ${plan.plan_id}, ${`${month}-01`}::date, 0, ${ctx.clock.now()})
          ON CONFLICT DO NOTHING RETURNING month`,
    );
    if (claimed.length === 0) return 0;
    const leads = await selectRows<Lead>(
      tx,
      sql`SELECT u.id AS user_id, u.email, u.first_name, u.notification_settings AS settings
          FROM team_members m JOIN users u ON u.tenant_id = m.tenant_id AND u.id = m.user_id
          WHERE m.tenant_id = ${plan.tenant_id} AND m.team_id = ${plan.team_id} AND m.team_role_id = ${TEAM_ROLE_LEAD}
            AND u.active AND u.password_hash IS NOT NULL
          ORDER BY u.email`,
    );
    const wanted = leads.filter((lead) => withNotificationDefaults(lead.settings, { isLead: true }).MonthClose);
    const name = longMonth(month);
    // The close page opens on the plan the mail names, not on the Lead's current plan.
    const url = buildPublicUrl(ctx.config.publicUrl, '/close', { plan: plan.plan_id });
    for (const lead of wanted) {
      await queueNotification(ctx, tx, {
        tenantId: plan.tenant_id,
        kind: 'closeReminder',
        to: { userId: lead.user_id, email: lead.email },
        mail: {
          subject: `Close ${name} in “${plan.plan_name}”`,
          heading: `${name} is still open`,
          paragraphs: [
            `Hi ${lead.first_name},`,
            `${name} of “${plan.plan_name}” is still open. Settle its planned and committed expenses, choose what happens to its unspent budget and close it on the Close page.`,
          ],
          action: { label: `Close ${name}`, url },
        },
      });
    }
    await tx.execute(
      sql`UPDATE close_reminders SET recipients = ${wanted.length}
          WHERE tenant_id = ${plan.tenant_id} AND marketing_plan_id = ${plan.plan_id} AND month = ${`${month}-01`}::date`,
    );
    return wanted.length;
  });

/**
 * The month-close reminder (DESIGN.md §14): on the third working day of a month in the tenant's time
 * zone, each live plan whose previous month is one of its months and still open gets one reminder to
 * its team's Leads. The (plan, month) row claimed in the sending transaction keeps it to one, across
 * restarts and instances. The clock is the app's (tests move it).
 */
export const createCloseReminderScheduler = (ctx: AppContext, log?: Log) => {
  const tickOnce = async (): Promise<{ plans: number; mails: number }> => {
    const now = ctx.clock.now();
    const zones = await selectRows<{ time_zone: string }>(ctx.db, sql`SELECT DISTINCT time_zone FROM tenants`);
    const outcome = { plans: 0, mails: 0 };
    for (const { time_zone: timeZone } of zones) {
      const today = todayInZone(timeZone, now);
      if (!isThirdWorkingDay(today)) continue;
      const previous = previousMonthOf(today.slice(0, 7));
      const start = `${previous}-01`;
      const due = await selectRows<DuePlan>(
        ctx.db,
        sql`SELECT p.tenant_id, p.id AS plan_id, p.name AS plan_name, p.team_id
            FROM marketing_plans p JOIN tenants t ON t.id = p.tenant_id
            WHERE t.time_zone = ${timeZone} AND p.state IN (${PLAN_STATE_LIVE}, ${PLAN_STATE_LIVE_LEGACY})
              AND p.start_date < (${start}::date + interval '1 month') AND p.end_date >= ${start}::date
              AND NOT EXISTS (SELECT 1 FROM plan_periods c WHERE c.tenant_id = p.tenant_id AND c.marketing_plan_id = p.id AND c.month = ${start}::date)
              AND NOT EXISTS (SELECT 1 FROM close_reminders r WHERE r.tenant_id = p.tenant_id AND r.marketing_plan_id = p.id AND r.month = ${start}::date)`,
      );
      for (const plan of due) {
        try {
          outcome.mails += await remindPlan(ctx, plan, previous);
          outcome.plans += 1;
        } catch (error) {
          // One plan's failure must not stop the others; its row stays unclaimed and is tried next tick.
          log?.error({ planId: plan.plan_id, error: error instanceof Error ? error.message : String(error) }, 'close reminder failed');
        }
      }
    }
    return outcome;
  };

  const job = repeatingJob(tickOnce, (error: unknown) =>
    log?.error({ error: error instanceof Error ? error.message : String(error) }, 'close reminder tick failed'),
  );
  return { tick: job.run, start: (intervalMs = 60_000) => job.start(intervalMs), stop: job.stop };
};
export type CloseReminderScheduler = ReturnType<typeof createCloseReminderScheduler>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The month-close reminder's scheduler: server.ts starts it with the digest; tests call tick() themselves. */
    closeReminder: CloseReminderScheduler;
  }
}

export const registerCloseReminder = (app: FastifyInstance, ctx: AppContext): CloseReminderScheduler => {
  const scheduler = createCloseReminderScheduler(ctx, app.log);
  app.decorate('closeReminder', scheduler);
  app.addHook('onClose', async () => scheduler.stop());
  return scheduler;
};
