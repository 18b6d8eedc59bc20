import { foreignKey, bigint, date, integer, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { budgetItems } from './budget.ts';
import { marketingPlans } from './plans.ts';
import { rowVersion } from './row-version.ts';

/*
 * DESIGN.md §14 (migration 1021): a plan's baseline, its budget changes after the lock, forecasts per
 * item and month, and its closed months. Triggers refuse any write dated in a closed month (PSC01).
 */

/** The Budget per item and month when the plan's baseline was locked (an unphased item under the plan's first month). */
export const budgetItemBaselines = pgTable(
  'budget_item_baselines',
  {
    tenantId: uuid('tenant_id').notNull(),
    marketingPlanId: uuid('marketing_plan_id').notNull(),
    budgetItemId: uuid('budget_item_id').notNull(),
    /** First day of the month, YYYY-MM-01 */
    month: date('month', { mode: 'string' }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.marketingPlanId, table.budgetItemId, table.month] }),
    foreignKey({ columns: [table.tenantId, table.marketingPlanId], foreignColumns: [marketingPlans.tenantId, marketingPlans.id] }).onDelete(
      'cascade',
    ),
  ],
);

/** 1 edit, 2 reallocation, 3 roll forward (month close), 4 release (month close) */
export type BudgetChangeKind = 1 | 2 | 3 | 4;

/** A change to an item's budget after the baseline lock: who, when, which month, before → after, why. */
export const budgetChanges = pgTable(
  'budget_changes',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    marketingPlanId: uuid('marketing_plan_id').notNull(),
    budgetItemId: uuid('budget_item_id').notNull(),
    budgetItemName: text('budget_item_name').notNull(),
    /** null: the item's Amount (an unphased item); otherwise the month's first day */
    month: date('month', { mode: 'string' }),
    kind: smallint('kind').$type<BudgetChangeKind>().notNull(),
    /** The two rows of one reallocation share it. */
    groupId: uuid('group_id'),
    beforeCents: bigint('before_cents', { mode: 'number' }).notNull(),
    afterCents: bigint('after_cents', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    changedBy: uuid('changed_by'),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    foreignKey({ columns: [table.tenantId, table.marketingPlanId], foreignColumns: [marketingPlans.tenantId, marketingPlans.id] }).onDelete(
      'cascade',
    ),
  ],
);

/** A planner's Forecast for an item's month; a month without one forecasts its Budget. */
export const budgetItemForecasts = pgTable(
  'budget_item_forecasts',
  {
    tenantId: uuid('tenant_id').notNull(),
    version: rowVersion(),
    budgetItemId: uuid('budget_item_id').notNull(),
    /** First day of the month, YYYY-MM-01 */
    month: date('month', { mode: 'string' }).notNull(),
    /** null: the forecast was cleared (the row stays so its version keeps counting, migration 1025) */
    amountCents: bigint('amount_cents', { mode: 'number' }),
    /** The last writer (the transaction's plansmith.actor, migration 1020's trigger). */
    changedBy: uuid('changed_by'),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.budgetItemId, table.month] }),
    foreignKey({ columns: [table.tenantId, table.budgetItemId], foreignColumns: [budgetItems.tenantId, budgetItems.id] }).onDelete(
      'cascade',
    ),
  ],
);

/** 1 roll forward, 2 release */
export type UnspentChoice = 1 | 2;

/** A plan's closed month; a month without a row is open. */
export const planPeriods = pgTable(
  'plan_periods',
  {
    tenantId: uuid('tenant_id').notNull(),
    marketingPlanId: uuid('marketing_plan_id').notNull(),
    /** First day of the month, YYYY-MM-01 */
    month: date('month', { mode: 'string' }).notNull(),
    unspent: smallint('unspent').$type<UnspentChoice>().notNull(),
    closedBy: uuid('closed_by'),
    closedAt: timestamp('closed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.marketingPlanId, table.month] }),
    foreignKey({ columns: [table.tenantId, table.marketingPlanId], foreignColumns: [marketingPlans.tenantId, marketingPlans.id] }).onDelete(
      'cascade',
    ),
  ],
);

/** A month-close reminder sent to a plan's Leads (migration 1027): once per plan and open month. */
export const closeReminders = pgTable(
  'close_reminders',
  {
    tenantId: uuid('tenant_id').notNull(),
    marketingPlanId: uuid('marketing_plan_id').notNull(),
    /** The open month the reminder is about, YYYY-MM-01 */
    month: date('month', { mode: 'string' }).notNull(),
    recipients: integer('recipients').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.marketingPlanId, table.month] }),
    foreignKey({ columns: [table.tenantId, table.marketingPlanId], foreignColumns: [marketingPlans.tenantId, marketingPlans.id] }).onDelete(
      'cascade',
    ),
  ],
);
