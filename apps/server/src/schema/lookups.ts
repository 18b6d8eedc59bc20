import { foreignKey, boolean, integer, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenants.ts';
import { rowVersion } from './row-version.ts';

export const lookups = pgTable(
  'lookups',
  {
    tenantId: uuid('tenant_id').notNull(),
    version: rowVersion(),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    /** 1 general ledger code, 2 funnel stage */
    lookupType: smallint('lookup_type').$type<1 | 2>().notNull(),
    categoryType: smallint('category_type').$type<1 | 2 | 3>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Who made it or last changed it (migration 1020's trigger, from the transaction's actor): named in a stale write's 409. */
    changedBy: uuid('changed_by'),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    foreignKey({ columns: [table.tenantId], foreignColumns: [tenants.id] }).onDelete('cascade'),
  ],
);
