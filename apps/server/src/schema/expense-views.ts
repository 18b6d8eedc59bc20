import { foreignKey, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { rowVersion } from './row-version.ts';
import { users } from './tenants.ts';

/** A person's saved view of the expenses list (migration 1055): private to `userId`. */
export const expenseViews = pgTable(
  'expense_views',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    version: rowVersion(),
    userId: uuid('user_id').notNull(),
    name: text('name').notNull(),
    /** The contract's ExpenseViewFilters, as saved. */
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull().default({}),
    /** Visible column keys in order. */
    columns: jsonb('columns').$type<string[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    foreignKey({ columns: [table.tenantId, table.userId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
  ],
);
