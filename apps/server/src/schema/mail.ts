import { integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export type MailLink = { label: string; url: string };

export const mailOutbox = pgTable('mail_outbox', {
  id: uuid('id').primaryKey(),
  tenantId: uuid('tenant_id'),
  kind: text('kind').notNull(),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  htmlBody: text('html_body').notNull(),
  textBody: text('text_body').notNull(),
  links: jsonb('links').$type<MailLink[]>().notNull().default([]),
  /** Extra message headers, e.g. List-Unsubscribe. */
  headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
  status: text('status').$type<'pending' | 'sent' | 'failed'>().notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  lastError: text('last_error'),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
