import { date, foreignKey, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { budgetItems } from './budget.ts';
import { comments } from './comments.ts';
import { tenants, users } from './tenants.ts';

/** An item past its amount whose alert went out; deleted when it drops back, so the next crossing alerts again. */
export const overspendAlerts = pgTable(
  'overspend_alerts',
  {
    tenantId: uuid('tenant_id').notNull(),
    budgetItemId: uuid('budget_item_id').notNull(),
    expenseId: uuid('expense_id'),
    crossedAt: timestamp('crossed_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.budgetItemId] }),
    foreignKey({ columns: [table.tenantId, table.budgetItemId], foreignColumns: [budgetItems.tenantId, budgetItems.id] }).onDelete(
      'cascade',
    ),
  ],
);

/** People a comment has already mailed about a mention. */
export const commentMentions = pgTable(
  'comment_mentions',
  {
    tenantId: uuid('tenant_id').notNull(),
    commentId: uuid('comment_id').notNull(),
    userId: uuid('user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.commentId, table.userId] }),
    foreignKey({ columns: [table.tenantId, table.commentId], foreignColumns: [comments.tenantId, comments.id] }).onDelete('cascade'),
    foreignKey({ columns: [table.tenantId, table.userId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
  ],
);

/** One weekly digest per tenant and week (weekStart: the Monday in the tenant's time zone). */
export const digestRuns = pgTable(
  'digest_runs',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    recipients: integer('recipients').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.weekStart] })],
);

/** The bell's inbox (migration 0960): one row per person and event, read or not. */
export const inboxNotifications = pgTable(
  'inbox_notifications',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    userId: uuid('user_id').notNull(),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    link: text('link').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    foreignKey({ columns: [table.tenantId, table.userId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
  ],
);
