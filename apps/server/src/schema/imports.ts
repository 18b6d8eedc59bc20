import type { ImportKind, ImportMapping } from '@plansmith/contract/imports';
import { foreignKey, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { marketingPlans } from './plans.ts';
import { tenants, users } from './tenants.ts';

/** Each plan's import history (DESIGN.md §10). */
export const imports = pgTable(
  'imports',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    marketingPlanId: uuid('marketing_plan_id').notNull(),
    kind: text('kind').$type<ImportKind>().notNull(),
    fileName: text('file_name').notNull(),
    createdBy: uuid('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdCount: integer('created_count').notNull(),
    skippedCount: integer('skipped_count').notNull(),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    undoneBy: uuid('undone_by'),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    foreignKey({ columns: [table.tenantId, table.marketingPlanId], foreignColumns: [marketingPlans.tenantId, marketingPlans.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [table.tenantId, table.createdBy], foreignColumns: [users.tenantId, users.id] }),
    foreignKey({ columns: [table.tenantId, table.undoneBy], foreignColumns: [users.tenantId, users.id] }),
  ],
);

/** The expenses or budget items an import created, with their updated_at then (Undo refuses when it moved). */
export const importRows = pgTable(
  'import_rows',
  {
    tenantId: uuid('tenant_id').notNull(),
    importId: uuid('import_id').notNull(),
    entityId: uuid('entity_id').notNull(),
    sourceRow: integer('source_row').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.importId, table.entityId] }),
    foreignKey({ columns: [table.tenantId, table.importId], foreignColumns: [imports.tenantId, imports.id] }).onDelete('cascade'),
  ],
);

/** The column mapping a tenant last committed, per kind. */
export const importMappings = pgTable(
  'import_mappings',
  {
    tenantId: uuid('tenant_id').notNull(),
    kind: text('kind').$type<ImportKind>().notNull(),
    mapping: jsonb('mapping').$type<ImportMapping>().notNull(),
    updatedBy: uuid('updated_by').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.kind] }),
    foreignKey({ columns: [table.tenantId], foreignColumns: [tenants.id] }).onDelete('cascade'),
    foreignKey({ columns: [table.tenantId, table.updatedBy], foreignColumns: [users.tenantId, users.id] }),
  ],
);
