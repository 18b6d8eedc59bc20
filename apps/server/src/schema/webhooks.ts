import { sql } from 'drizzle-orm';
import { bigint, foreignKey, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uuid, boolean } from 'drizzle-orm/pg-core';
import { rowVersion } from './row-version.ts';
import { tenants } from './tenants.ts';

/** An account's webhook (migration 1130): the signing secret is sealed with SSO_SECRET_KEY (lib/secret-box.ts). */
export const webhooks = pgTable(
  'webhooks',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    version: rowVersion(),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    active: boolean('active').notNull().default(true),
    description: text('description'),
    secretSealed: text('secret_sealed').notNull(),
    createdBy: uuid('created_by'),
    updatedBy: uuid('updated_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.id] })],
);

/** One event of the outbox, written by the tables' triggers (or by Test for a ping). */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    type: text('type').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The writing transaction (migration 1131): later changes to one item in it update its event instead of adding one. */
    tx: bigint('tx', { mode: 'number' }).notNull().default(sql`txid_current()`),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.id] })],
);

/** 1 pending, 2 delivered, 3 failed. */
export const WEBHOOK_DELIVERY_STATUS = { pending: 1, delivered: 2, failed: 3 } as const;
export type WebhookDeliveryStatusCode = (typeof WEBHOOK_DELIVERY_STATUS)[keyof typeof WEBHOOK_DELIVERY_STATUS];

/** One event for one webhook: what the dispatcher sends and the delivery log shows. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    webhookId: uuid('webhook_id').notNull(),
    eventId: uuid('event_id').notNull(),
    status: smallint('status').$type<WebhookDeliveryStatusCode>().notNull().default(1),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    firstAttemptAt: timestamp('first_attempt_at', { withTimezone: true }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    responseStatus: integer('response_status'),
    responseMs: integer('response_ms'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    foreignKey({ columns: [table.tenantId, table.webhookId], foreignColumns: [webhooks.tenantId, webhooks.id] }).onDelete('cascade'),
    foreignKey({ columns: [table.tenantId, table.eventId], foreignColumns: [webhookEvents.tenantId, webhookEvents.id] }).onDelete(
      'cascade',
    ),
  ],
);
