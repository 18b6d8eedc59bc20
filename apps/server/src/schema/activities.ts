import { foreignKey, boolean, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './tenants.ts';
import { rowVersion } from './row-version.ts';

export type ActivityAction = 'create' | 'update' | 'delete' | 'note';

export const activities = pgTable(
  'activities',
  {
    tenantId: uuid('tenant_id').notNull(),
    version: rowVersion(),
    id: uuid('id').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: uuid('entity_id').notNull(),
    marketingPlanId: uuid('marketing_plan_id'),
    actorId: uuid('actor_id'),
    action: text('action').$type<ActivityAction>().notNull(),
    name: text('name').notNull().default(''),
    description: text('description').notNull().default(''),
    changes: jsonb('changes').$type<Record<string, { from: unknown; to: unknown }> | null>(),
    sortOrder: integer('sort_order').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    foreignKey({ columns: [table.tenantId, table.actorId], foreignColumns: [users.tenantId, users.id] }),
  ],
);
