import { TEAM_ROLE_LEAD } from '@plansmith/contract';
import type { MoneyFormat } from '@plansmith/contract/display-format';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { teamMembers } from '../../schema/teams.ts';
import { users } from '../../schema/tenants.ts';
import { listOldPendingRequests } from '../approvals/index.ts';
import { listOverdueExpenses, sumOverdueExpenses } from '../expenses/index.ts';
import { formatCents } from '../notifications/index.ts';
import { withNotificationDefaults } from '../people/index.ts';
import { listPlansWithSums } from '../plans/index.ts';
import { timeElapsed } from './digest-week.ts';

const OVERDUE_SHOWN = 3;
/** A request pending longer than this is named in the digest (DESIGN.md §15). */
const OLD_REQUEST_DAYS = 3;
const DAY_MS = 86_400_000;
const LIVE_STATES = new Set([0, 1]);

export type PlanDigest = {
  planId: string;
  teamId: string;
  name: string;
  /** The plan's lines with amounts as `format` reads them: each recipient's locale, the tenant's base currency (DESIGN.md §17). */
  linesFor: (format: MoneyFormat) => string[];
};

const percent = (value: number) => `${Math.round(value * 100)}%`;

/**
 * One plan's part of the digest: spend against budget, burn against the time gone, and the
 * planned or committed expenses dated before today.
 */
const describePlan = async (db: Db, tenantId: string, today: string, entry: Awaited<ReturnType<typeof listPlansWithSums>>[number]) => {
  const { plan, sums } = entry;
  const budget = Number(sums.budget ?? 0);
  const actual = Number(sums.actual ?? 0);
  const committed = Number(sums.committed ?? 0);
  const planned = Number(sums.planned ?? 0);
  const burn = budget > 0 ? actual / budget : 0;
  const elapsed = timeElapsed(plan.startDate, plan.endDate, today);
  const pace = burn > elapsed + 0.1 ? 'ahead of time' : burn < elapsed - 0.1 ? 'behind time' : 'on pace';
  const overdue = await sumOverdueExpenses(db, tenantId, plan.id, today);
  const overdueShown = overdue.count > 0 ? await listOverdueExpenses(db, tenantId, plan.id, today, OVERDUE_SHOWN) : [];
  // Requests waiting more than three days (today's start minus three days): named so they are decided.
  const waiting = await listOldPendingRequests(
    db,
    tenantId,
    plan.id,
    new Date(Date.parse(`${today}T00:00:00Z`) - OLD_REQUEST_DAYS * DAY_MS),
  );
  const linesFor = (format: MoneyFormat): string[] => {
    const money = (cents: number) => formatCents(cents, format);
    const lines = [
      `Spent ${money(actual)} of ${money(budget)} budget; committed ${money(committed)}, planned ${money(planned)}; available ${money(budget - committed - actual)}.`,
      `Burn ${percent(burn)} with ${percent(elapsed)} of the plan's time gone (${pace}).`,
    ];
    if (overdue.count > 0) {
      const names = overdueShown.map(
        (expense) => `${expense.Name} (${expense.Status === 1 ? 'planned' : 'committed'}, ${expense.PurchaseDate})`,
      );
      const more = overdue.count > overdueShown.length ? `, and ${overdue.count - overdueShown.length} more` : '';
      lines.push(
        `Overdue: ${overdue.count} planned or committed ${overdue.count === 1 ? 'expense' : 'expenses'} (${money(overdue.amount)}) dated before today: ${names.join('; ')}${more}.`,
      );
    } else {
      lines.push('Overdue: none.');
    }
    if (waiting.length > 0) {
      const shown = waiting
        .slice(0, OVERDUE_SHOWN)
        .map((request) => `${request.what} (${money(request.amountCents)}, asked ${request.requestedAt.toISOString().slice(0, 10)})`);
      const more = waiting.length > shown.length ? `, and ${waiting.length - shown.length} more` : '';
      lines.push(
        `Waiting for approval for more than ${OLD_REQUEST_DAYS} days: ${waiting.length} ${waiting.length === 1 ? 'request' : 'requests'}: ${shown.join('; ')}${more}.`,
      );
    }
    return lines;
  };
  return { planId: plan.id, teamId: plan.teamId, name: plan.name, linesFor };
};

/** Every live plan of the tenant (not archived, not a template) with its digest lines. */
export const describeTenantPlans = async (db: Db, tenantId: string, today: string): Promise<PlanDigest[]> => {
  const plans = (await listPlansWithSums(db, tenantId, {})).filter((entry) => LIVE_STATES.has(entry.plan.state) && entry.plan.active);
  const described: PlanDigest[] = [];
  for (const entry of plans) described.push(await describePlan(db, tenantId, today, entry));
  return described;
};

export type DigestRecipient = { userId: string; email: string; firstName: string; locale: string; planIds: Set<string> };

/**
 * Who gets the digest and which plans each sees: active, joined people who chose the weekly
 * summary (on by default for Leads); Owners and Admins see every plan, Members their teams' plans (DESIGN.md §4).
 */
export const listDigestRecipients = async (
  db: Db,
  tenantId: string,
  plans: PlanDigest[],
  /** One person whatever their choice: the "Send me one now" preview. */
  only?: string,
): Promise<DigestRecipient[]> => {
  const people = await db
    .select({
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      locale: users.locale,
      role: users.tenantRole,
      passwordHash: users.passwordHash,
      settings: users.notificationSettings,
    })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.active, true)));
  const joined = people.filter((person) => person.passwordHash !== null && (only === undefined || person.userId === only));
  if (joined.length === 0) return [];
  const memberships = await db
    .select({ userId: teamMembers.userId, teamId: teamMembers.teamId, teamRoleId: teamMembers.teamRoleId })
    .from(teamMembers)
    .where(
      and(
        eq(teamMembers.tenantId, tenantId),
        inArray(
          teamMembers.userId,
          joined.map((person) => person.userId),
        ),
      ),
    );
  const leads = new Set(memberships.filter((row) => row.teamRoleId === TEAM_ROLE_LEAD).map((row) => row.userId));
  const wanted = joined.filter(
    (person) => only !== undefined || withNotificationDefaults(person.settings, { isLead: leads.has(person.userId) }).WeeklySummary,
  );
  return wanted
    .map((person) => {
      const teams = new Set(memberships.filter((row) => row.userId === person.userId).map((row) => row.teamId));
      const sees = (plan: PlanDigest) => person.role === 'owner' || person.role === 'admin' || teams.has(plan.teamId);
      return {
        userId: person.userId,
        email: person.email,
        firstName: person.firstName,
        locale: person.locale,
        planIds: new Set(plans.filter(sees).map((plan) => plan.planId)),
      };
    })
    .filter((recipient) => recipient.planIds.size > 0);
};
