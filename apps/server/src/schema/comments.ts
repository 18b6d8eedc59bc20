import { foreignKey, boolean, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { marketingPlans } from './plans.ts';
import { users } from './tenants.ts';
import { rowVersion } from './row-version.ts';

export const comments = pgTable(
  'comments',
  {
    tenantId: uuid('tenant_id').notNull(),
    version: rowVersion(),
    id: uuid('id').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: uuid('entity_id').notNull(),
    marketingPlanId: uuid('marketing_plan_id'),
    authorId: uuid('author_id').notNull(),
    name: text('name').notNull().default(''),
    description: text('description').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    foreignKey({ columns: [table.tenantId, table.authorId], foreignColumns: [users.tenantId, users.id] }),
    foreignKey({ columns: [table.tenantId, table.marketingPlanId], foreignColumns: [marketingPlans.tenantId, marketingPlans.id] }).onDelete(
      'cascade',
    ),
  ],
);
