import { EXPENSE_STATUS } from '@plansmith/contract';
import { withNotificationDefaults } from '../people/index.ts';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { budgetItems } from '../../schema/budget.ts';
import { expenseSums } from '../../schema/expenses.ts';
import { overspendAlerts } from '../../schema/notifications.ts';
import { marketingPlans } from '../../schema/plans.ts';
import { users } from '../../schema/tenants.ts';
import { listPlanReaders } from '../access/index.ts';
import { entityPath, entityUrl, formatCents } from './kinds.ts';
import { queueNotification } from './notification-mail.ts';
import { readerFormats } from './reader-format.ts';

/** The expense save that may have pushed items past their amounts. */
export type OverspendCause = { expenseId: string; expenseName: string; authorId: string | null; actorId: string };

const TEAM_ROLE_LEAD = 1;

/**
 * Locks the item for the rest of the transaction and reads its amount and actual spend (status 3,
 * active), from `expense_sums` (migration 1000; its triggers have counted this transaction's write).
 */
const readItem = async (tx: Db, tenantId: string, itemId: string) => {
  const [item] = await tx
    .select({ id: budgetItems.id, name: budgetItems.name, amountCents: budgetItems.amountCents, planId: budgetItems.marketingPlanId })
    .from(budgetItems)
    .where(and(eq(budgetItems.tenantId, tenantId), eq(budgetItems.id, itemId)))
    // NO KEY UPDATE: expense inserts hold KEY SHARE on the item (their foreign key); FOR UPDATE would deadlock with them.
    .for('no key update');
  if (!item) return null;
  const [spend] = await tx
    .select({ actual: sql<string>`coalesce(sum(${expenseSums.amountCents}), 0)::bigint` })
    .from(expenseSums)
    .where(and(eq(expenseSums.tenantId, tenantId), eq(expenseSums.budgetItemId, itemId), eq(expenseSums.status, EXPENSE_STATUS.actual)));
  return { ...item, actualCents: Number(spend?.actual ?? 0) };
};

/**
 * The items to check, each once, in id order: every save locks its items in the same order, so two
 * saves of the same items wait for each other instead of deadlocking.
 */
export const itemsToCheck = (ids: readonly (string | null | undefined)[]): string[] =>
  [...new Set(ids.filter((id): id is string => Boolean(id)))].sort();

/**
 * Keeps the overspend record of budget items in step with their spend, in the caller's
 * transaction, and mails the alert when an expense save takes an item past its amount:
 * - past its amount and not yet recorded: record the crossing; with an expense as the cause,
 *   mail the team's Leads and the expense's author (active, opted in, able to see the plan);
 * - back at or below its amount: forget the crossing, so the next one alerts again.
 * The item's row lock serialises concurrent saves of one item, and the record's primary key
 * makes a crossing alert once.
 */
export const trackOverspend = async (
  ctx: AppContext,
  tx: Db,
  input: { tenantId: string; budgetItemIds: (string | null | undefined)[]; cause?: OverspendCause },
): Promise<void> => {
  for (const itemId of itemsToCheck(input.budgetItemIds)) {
    const item = await readItem(tx, input.tenantId, itemId);
    if (!item) continue;
    if (item.actualCents <= item.amountCents) {
      await tx.delete(overspendAlerts).where(and(eq(overspendAlerts.tenantId, input.tenantId), eq(overspendAlerts.budgetItemId, itemId)));
      continue;
    }
    const recorded = await tx
      .insert(overspendAlerts)
      .values({ tenantId: input.tenantId, budgetItemId: itemId, expenseId: input.cause?.expenseId ?? null, crossedAt: ctx.clock.now() })
      .onConflictDoNothing()
      .returning({ id: overspendAlerts.budgetItemId });
    // A crossing made by a budget change (a lower amount) is recorded without a mail: no expense caused it.
    if (recorded.length === 0 || !input.cause) continue;
    await mailOverspend(ctx, tx, input.tenantId, item, input.cause);
  }
};

const mailOverspend = async (
  ctx: AppContext,
  tx: Db,
  tenantId: string,
  item: { id: string; name: string; amountCents: number; actualCents: number; planId: string },
  cause: OverspendCause,
) => {
  const readers = await listPlanReaders(tx, tenantId, item.planId);
  const recipients = readers.filter(
    (reader) =>
      (reader.teamRoleId === TEAM_ROLE_LEAD || reader.userId === cause.authorId) &&
      withNotificationDefaults(reader.notificationSettings).BudgetThresholds,
  );
  if (recipients.length === 0) return;
  const [plan] = await tx
    .select({ name: marketingPlans.name })
    .from(marketingPlans)
    .where(and(eq(marketingPlans.tenantId, tenantId), eq(marketingPlans.id, item.planId)));
  const [actor] = await tx
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, cause.actorId)));
  const actorName = actor ? `${actor.firstName} ${actor.lastName}` : 'Someone';
  const over = item.actualCents - item.amountCents;
  const url = entityUrl(ctx.config.publicUrl, 'BudgetItem', item.id);
  // Each recipient reads the amounts in their own locale and the tenant's base currency (DESIGN.md §17).
  const formatFor = await readerFormats(
    tx,
    tenantId,
    recipients.map((recipient) => recipient.userId),
  );
  for (const recipient of recipients) {
    const format = formatFor(recipient.userId);
    const money = (cents: number) => formatCents(cents, format);
    await queueNotification(ctx, tx, {
      tenantId,
      kind: 'overspend',
      to: { userId: recipient.userId, email: recipient.email },
      mail: {
        subject: `Over budget: ${item.name} (${plan?.name ?? 'plan'})`,
        heading: `${item.name} is over budget`,
        paragraphs: [
          `Hi ${recipient.firstName},`,
          `${actorName} saved the expense “${cause.expenseName}”. The budget item “${item.name}” in ${plan?.name ?? 'your plan'} has now spent ${money(item.actualCents)} of its ${money(item.amountCents)}: ${money(over)} over.`,
          recipient.userId === cause.authorId && recipient.teamRoleId !== TEAM_ROLE_LEAD
            ? 'You get this because you recorded the expense.'
            : 'You get this as a Lead of the team that owns the plan.',
        ],
        action: { label: 'Open the budget item', url },
        footnote: 'We mail once each time the item goes over its amount; if it drops back and goes over again, we mail again.',
      },
      inbox: {
        kind: 'overspend',
        title: `${item.name} is over budget by ${money(over)}`,
        body: `${actorName} saved “${cause.expenseName}”: ${money(item.actualCents)} spent of ${money(item.amountCents)} in ${plan?.name ?? 'the plan'}.`,
        link: entityPath('BudgetItem', item.id),
      },
    });
  }
};
