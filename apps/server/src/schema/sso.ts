import { boolean, foreignKey, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { rowVersion } from './row-version.ts';
import { tenants, users } from './tenants.ts';

/** 'admin' or 'member': the role of a person created on first sign-in (never owner). */
export type SsoRoleCode = 'admin' | 'member';

/** An account's single sign-on settings (migration 1120); the client secret only sealed (lib/secret-box.ts). */
export const ssoSettings = pgTable(
  'sso_settings',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    issuerUrl: text('issuer_url').notNull(),
    clientId: text('client_id').notNull(),
    clientSecretSealed: text('client_secret_sealed').notNull(),
    defaultRole: text('default_role').$type<SsoRoleCode>().notNull(),
    requireSso: boolean('require_sso').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    changedBy: uuid('changed_by'),
    version: rowVersion(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.tenantId] })],
);

/** The e-mail domains of an account's SSO; a domain belongs to one account. */
export const ssoDomains = pgTable(
  'sso_domains',
  {
    tenantId: uuid('tenant_id').notNull(),
    domain: text('domain').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.domain] }),
    foreignKey({ columns: [table.tenantId], foreignColumns: [ssoSettings.tenantId] }).onDelete('cascade'),
  ],
);

/** A sign-in in progress: state (hashed), nonce and PKCE verifier, 10 minutes. */
export const ssoLogins = pgTable(
  'sso_logins',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    stateHash: text('state_hash').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.id] })],
);

/** The one-time code handed to the SPA after the callback, exchanged for a session (60 s, single use). */
export const ssoHandoffs = pgTable(
  'sso_handoffs',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    userId: uuid('user_id').notNull(),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    foreignKey({ columns: [table.tenantId, table.userId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
  ],
);
