import type { CurrencyCode } from '@plansmith/contract/currency-codes';
import type { BillingAddress } from '@plansmith/contract';
import { foreignKey, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { productPriceItems } from './products.ts';
import { tenants, users } from './tenants.ts';

export const registrations = pgTable(
  'registrations',
  {
    id: uuid('id').primaryKey(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    company: text('company').notNull(),
    metaData: jsonb('meta_data').$type<Record<string, string>>().notNull().default({}),
    /** The browser's IANA time zone at sign-up; the tenant is made with it (issue 28 A4). */
    timeZone: text('time_zone').notNull().default('UTC'),
    /** The base currency chosen at sign-up (DESIGN.md §17); the tenant is made with it. */
    baseCurrency: text('base_currency').$type<CurrencyCode>().notNull().default('USD'),
    tenantId: uuid('tenant_id'),
    userId: uuid('user_id'),
    providerCustomerId: text('provider_customer_id'),
    providerSetupIntentId: text('provider_setup_intent_id'),
    priceItemId: uuid('price_item_id'),
    billingAddress: jsonb('billing_address').$type<BillingAddress>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    foreignKey({ columns: [table.priceItemId], foreignColumns: [productPriceItems.id] }),
    foreignKey({ columns: [table.tenantId], foreignColumns: [tenants.id] }).onDelete('cascade'),
    foreignKey({ columns: [table.tenantId, table.userId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
  ],
);
export type RegistrationRow = typeof registrations.$inferSelect;

export const registrationKeys = pgTable(
  'registration_keys',
  {
    id: uuid('id').primaryKey(),
    registrationId: uuid('registration_id').notNull(),
    keyHash: text('key_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [foreignKey({ columns: [table.registrationId], foreignColumns: [registrations.id] }).onDelete('cascade')],
);
