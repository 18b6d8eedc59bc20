import { z } from 'zod';
import { IdSchema, InstantSchema } from './common.ts';
import { defineRoutes } from './route.ts';

/** What an in-app notification is about; each kind follows one of the person's notification choices. */
export const INBOX_KINDS = ['overspend', 'mention', 'comment', 'team', 'approval'] as const;
export const InboxKindSchema = z.enum(INBOX_KINDS);
export type InboxKind = z.infer<typeof InboxKindSchema>;

export const InboxNotificationSchema = z.object({
  Id: IdSchema,
  Kind: InboxKindSchema,
  Title: z.string().describe('One line: what happened'),
  Body: z.string().describe('More detail; may be empty'),
  Link: z.string().describe("The app's path of the thing it is about, e.g. /budget/{id}"),
  CreatedAt: InstantSchema,
  ReadAt: InstantSchema.nullable(),
});
export type InboxNotification = z.infer<typeof InboxNotificationSchema>;

export const INBOX_PAGE_SIZE = 50;

export const InboxListRequestSchema = z.object({
  UnreadOnly: z.boolean().optional().describe('Only the notifications not yet read'),
});

export const MarkReadRequestSchema = z.object({ NotificationId: IdSchema.describe("One of the caller's notifications") });

export const UnreadCountSchema = z.object({ Count: z.number().int().nonnegative() });

export const notificationRoutes = defineRoutes({
  list: {
    method: 'POST',
    path: '/api/NotificationClient/List',
    access: 'authenticated',
    summary: `The caller's in-app notifications, newest first (at most ${INBOX_PAGE_SIZE}).`,
    body: InboxListRequestSchema,
    response: z.array(InboxNotificationSchema),
    tags: ['notifications'],
  },
  getUnreadCount: {
    method: 'POST',
    path: '/api/NotificationClient/GetUnreadCount',
    access: 'authenticated',
    summary: "How many of the caller's notifications are unread (the bell's count).",
    body: z.object({}).optional(),
    response: UnreadCountSchema,
    tags: ['notifications'],
  },
  markRead: {
    method: 'POST',
    path: '/api/NotificationClient/MarkRead',
    access: 'authenticated',
    summary: "Mark one of the caller's notifications read; another person's or tenant's id is 404.",
    body: MarkReadRequestSchema,
    response: UnreadCountSchema,
    tags: ['notifications'],
  },
  markAllRead: {
    method: 'POST',
    path: '/api/NotificationClient/MarkAllRead',
    access: 'authenticated',
    summary: "Mark all of the caller's notifications read.",
    body: z.object({}).optional(),
    response: UnreadCountSchema,
    tags: ['notifications'],
  },
  sendDigestPreview: {
    method: 'POST',
    path: '/api/NotificationClient/SendDigestPreview',
    access: 'authenticated',
    summary: 'Mail the caller this week’s digest now, as a preview (whatever their weekly summary choice).',
    body: z.object({}).optional(),
    response: z.object({ Plans: z.number().int().nonnegative().describe('How many plans the digest covers') }),
    tags: ['notifications'],
  },
});
