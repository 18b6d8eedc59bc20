import { z } from 'zod';

/**
 * The dev mailbox (GET /dev/mailbox.json), present only while the outbox transport is in use and
 * never in production (DESIGN.md §8). Newest message first. End-to-end tests read it.
 */
export const MailboxMessageSchema = z.object({
  Id: z.string(),
  To: z.string(),
  Subject: z.string(),
  Kind: z.string().describe('invitation, recovery, verification, …'),
  Status: z.enum(['pending', 'sent', 'failed']),
  CreatedAt: z.string().describe('ISO-8601 UTC instant'),
  Text: z.string().describe('The plain-text body'),
  Links: z.array(z.object({ Label: z.string(), Url: z.string() })),
  Headers: z.record(z.string(), z.string()).describe('Extra headers, e.g. List-Unsubscribe'),
});
export type MailboxMessage = z.infer<typeof MailboxMessageSchema>;

export const MailboxSchema = z.object({ messages: z.array(MailboxMessageSchema) });
export type Mailbox = z.infer<typeof MailboxSchema>;

export const MAILBOX_JSON_PATH = '/dev/mailbox.json';
export const MAILBOX_PAGE_PATH = '/dev/mailbox';
