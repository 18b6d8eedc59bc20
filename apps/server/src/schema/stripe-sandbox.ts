import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export type SandboxObject = Record<string, unknown> & { id: string; object: string };

export const sandboxObjects = pgTable('stripe_sandbox_objects', {
  id: text('id').primaryKey(),
  object: text('object').notNull(),
  data: jsonb('data').$type<SandboxObject>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sandboxIdempotencyKeys = pgTable('stripe_sandbox_idempotency_keys', {
  key: text('key').primaryKey(),
  requestFingerprint: text('request_fingerprint').notNull(),
  status: integer('status').notNull(),
  response: jsonb('response').$type<unknown>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sandboxEvents = pgTable('stripe_sandbox_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
  deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
