import { foreignKey, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './tenants.ts';

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    userId: uuid('user_id').notNull(),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    familyStartedAt: timestamp('family_started_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    foreignKey({ columns: [table.tenantId, table.userId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
  ],
);

export type UserKeyPurpose = 'recovery' | 'invitation';

export const userKeys = pgTable(
  'user_keys',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    userId: uuid('user_id').notNull(),
    purpose: text('purpose').$type<UserKeyPurpose>().notNull(),
    keyHash: text('key_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    foreignKey({ columns: [table.tenantId, table.userId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
  ],
);
