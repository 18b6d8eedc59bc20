import { foreignKey, boolean, integer, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenants.ts';
import { rowVersion } from './row-version.ts';

export const budgetCategories = pgTable(
  'budget_categories',
  {
    tenantId: uuid('tenant_id').notNull(),
    version: rowVersion(),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
    /** 1 productive, 2 operational, 3 personnel */
    categoryType: smallint('category_type').$type<1 | 2 | 3>().notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    foreignKey({ columns: [table.tenantId], foreignColumns: [tenants.id] }).onDelete('cascade'),
  ],
);
