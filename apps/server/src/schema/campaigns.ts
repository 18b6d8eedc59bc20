import { date, foreignKey, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { customFieldsColumn } from './custom-fields.ts';
import { objectives } from './objectives.ts';
import { marketingPlans } from './plans.ts';
import { rowVersion } from './row-version.ts';
import { users } from './tenants.ts';

/** A plan's program → campaign → tactic (DESIGN.md §16; migration 1041). The depth is derived from parent_id. */
export const campaigns = pgTable(
  'campaigns',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    version: rowVersion(),
    marketingPlanId: uuid('marketing_plan_id').notNull(),
    parentId: uuid('parent_id'),
    name: text('name').notNull(),
    ownerId: uuid('owner_id'),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    objectiveId: uuid('objective_id'),
    /** #rrggbb, lower case */
    color: text('color'),
    /** Campaign custom field values {fieldId: value}, as validateCustomFields stores them. */
    customFields: customFieldsColumn(),
    /** The last writer (migration 1041's trigger; never written by the code). */
    changedBy: uuid('changed_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    foreignKey({ columns: [table.tenantId, table.marketingPlanId], foreignColumns: [marketingPlans.tenantId, marketingPlans.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [table.tenantId, table.parentId], foreignColumns: [table.tenantId, table.id] }).onDelete('cascade'),
    foreignKey({ columns: [table.tenantId, table.ownerId], foreignColumns: [users.tenantId, users.id] }).onDelete('set null'),
    foreignKey({ columns: [table.tenantId, table.objectiveId], foreignColumns: [objectives.tenantId, objectives.id] }).onDelete('set null'),
  ],
);
