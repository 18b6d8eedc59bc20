import { foreignKey, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './tenants.ts';

/** 1 read, 2 read-write (the contract's API_TOKEN_SCOPE_CODES). */
export type ApiTokenScopeCode = 1 | 2;

/** An API token (migration 1110): acts as `userId`; only the SHA-256 of the token is kept. */
export const apiTokens = pgTable(
  'api_tokens',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    userId: uuid('user_id').notNull(),
    name: text('name').notNull(),
    scope: smallint('scope').$type<ApiTokenScopeCode>().notNull(),
    tokenHash: text('token_hash').notNull(),
    prefix: text('prefix').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: uuid('revoked_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    foreignKey({ columns: [table.tenantId, table.userId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
  ],
);
