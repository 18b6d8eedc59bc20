import { boolean, foreignKey, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { rowVersion } from './row-version.ts';
import { tenants } from './tenants.ts';

/** A tenant's custom field (migration 1045, DESIGN.md §16). */
export const customFields = pgTable(
  'custom_fields',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    version: rowVersion(),
    /** 1 BudgetItem, 2 Expense, 3 Campaign */
    entity: smallint('entity').$type<1 | 2 | 3>().notNull(),
    name: text('name').notNull(),
    /** 1 Text, 2 Number, 3 Date, 4 Select, 5 MultiSelect */
    type: smallint('type').$type<1 | 2 | 3 | 4 | 5>().notNull(),
    options: jsonb('options').$type<string[]>().notNull().default([]),
    required: boolean('required').notNull().default(false),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Who made it or last changed it (migration 1020's trigger): named in a stale write's 409. */
    changedBy: uuid('changed_by'),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    foreignKey({ columns: [table.tenantId], foreignColumns: [tenants.id] }).onDelete('cascade'),
  ],
);

/** The values column of budget_items, expenses and campaigns: {"<field id>": value}. */
export type StoredCustomFields = Record<string, string | number | string[]>;
export const customFieldsColumn = () => jsonb('custom_fields').$type<StoredCustomFields>().notNull().default({});
