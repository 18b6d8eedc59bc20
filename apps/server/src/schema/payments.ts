import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Webhook events already applied; the primary key makes each event apply exactly once. */
export const paymentWebhookEvents = pgTable('payment_webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});
