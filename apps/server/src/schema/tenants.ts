import type { CurrencyCode, Locale } from '@plansmith/contract/currency-codes';
import { foreignKey, boolean, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const tenants = pgTable('tenants', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  planCode: text('plan_code').$type<'starter' | 'agility' | 'performance' | 'enterprise'>().notNull().default('starter'),
  metaData: jsonb('meta_data').$type<Record<string, unknown>>().notNull().default({}),
  /** IANA time zone of the tenant's week (the Monday digest); 'UTC' by default. */
  timeZone: text('time_zone').notNull().default('UTC'),
  /** ISO 4217 (2 decimals); every report is in it (DESIGN.md §17). */
  baseCurrency: text('base_currency').$type<CurrencyCode>().notNull().default('USD'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type TenantRoleCode = 'owner' | 'admin' | 'member';

export const users = pgTable(
  'users',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    active: boolean('active').notNull().default(true),
    tenantRole: text('tenant_role').$type<TenantRoleCode>().notNull(),
    /** Display locale of numbers, amounts and dates (DESIGN.md §17). */
    locale: text('locale').$type<Locale>().notNull().default('en-US'),
    tokenVersion: integer('token_version').notNull().default(0),
    metaData: jsonb('meta_data').$type<Record<string, unknown>>().notNull().default({}),
    notificationSettings: jsonb('notification_settings').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    foreignKey({ columns: [table.tenantId], foreignColumns: [tenants.id] }).onDelete('cascade'),
  ],
);
