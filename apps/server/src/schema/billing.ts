import { foreignKey, boolean, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { productPriceItems, products } from './products.ts';
import { registrations } from './registration.ts';
import { tenants } from './tenants.ts';

/** A tenant's subscription at the card provider; its product drives tenants.plan_code. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull(),
    productId: uuid('product_id').notNull(),
    priceItemId: uuid('price_item_id').notNull(),
    status: text('status').notNull(),
    providerCustomerId: text('provider_customer_id').notNull(),
    providerSubscriptionId: text('provider_subscription_id').notNull(),
    providerSubscriptionItemId: text('provider_subscription_item_id'),
    providerPaymentMethodId: text('provider_payment_method_id'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    cardExpMonth: integer('card_exp_month'),
    cardExpYear: integer('card_exp_year'),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    registrationId: uuid('registration_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    foreignKey({ columns: [table.priceItemId], foreignColumns: [productPriceItems.id] }),
    foreignKey({ columns: [table.productId], foreignColumns: [products.id] }),
    foreignKey({ columns: [table.registrationId], foreignColumns: [registrations.id] }).onDelete('set null'),
    foreignKey({ columns: [table.tenantId], foreignColumns: [tenants.id] }).onDelete('cascade'),
  ],
);
export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** Statuses in which the subscription's plan is in force. */
export const LIVE_STATUSES = ['active', 'trialing', 'past_due'] as const;

/** The card provider's customer of a tenant that upgrades from Starter (reused on a second attempt). */
export const billingCustomers = pgTable('billing_customers', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  providerCustomerId: text('provider_customer_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
