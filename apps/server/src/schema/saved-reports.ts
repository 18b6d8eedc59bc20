import { boolean, foreignKey, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { rowVersion } from './row-version.ts';
import { users } from './tenants.ts';

/** The report builder's saved reports (migration 1050, DESIGN.md §16): private to owner_id, or shared with the tenant. */
export const savedReports = pgTable(
  'saved_reports',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    version: rowVersion(),
    ownerId: uuid('owner_id').notNull(),
    name: text('name').notNull(),
    shared: boolean('shared').notNull().default(false),
    /** The contract's PivotDefinition, as saved. */
    definition: jsonb('definition').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Who made it or last changed it (migration 1020's trigger): named in a stale write's 409. */
    changedBy: uuid('changed_by'),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    foreignKey({ columns: [table.tenantId, table.ownerId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
    index('saved_reports_owner_idx').on(table.tenantId, table.ownerId),
  ],
);
