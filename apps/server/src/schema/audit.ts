import type { SecurityEventKindName } from '@plansmith/contract';
import { foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenants.ts';

/** The kinds of security event the audit log records (DESIGN.md §18; migration 1100's CHECK). */
export type SecurityEventKind = SecurityEventKindName;

/** One security event (migration 1100): written once, never changed; pruned after the tenant's retention. */
export const securityEvents = pgTable(
  'security_events',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    kind: text('kind').$type<SecurityEventKind>().notNull(),
    /** Who acted (null: nobody signed in, e.g. a failed sign-in). */
    userId: uuid('user_id'),
    /** Whom it concerns (the person whose role changed, who was deactivated). */
    subjectUserId: uuid('subject_user_id'),
    /** The address tried, for a failed sign-in. */
    email: text('email'),
    ip: text('ip'),
    entityType: text('entity_type'),
    entityId: uuid('entity_id'),
    summary: text('summary').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    foreignKey({ columns: [table.tenantId], foreignColumns: [tenants.id] }).onDelete('cascade'),
    index('security_events_at_idx').on(table.tenantId, table.at.desc()),
  ],
);

/** A tenant's audit retention (migration 1100); no row means the default 730 days. */
export const auditSettings = pgTable(
  'audit_settings',
  {
    tenantId: uuid('tenant_id').notNull(),
    retentionDays: integer('retention_days').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId] }),
    foreignKey({ columns: [table.tenantId], foreignColumns: [tenants.id] }).onDelete('cascade'),
  ],
);
