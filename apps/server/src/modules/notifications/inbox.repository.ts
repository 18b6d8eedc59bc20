import { type InboxKind, INBOX_PAGE_SIZE } from '@plansmith/contract';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { newId } from '../../lib/ids.ts';
import { inboxNotifications } from '../../schema/notifications.ts';

export type InboxRow = typeof inboxNotifications.$inferSelect;

export type NewInboxEntry = { userId: string; kind: InboxKind; title: string; body: string; link: string };

const TITLE_LIMIT = 300;
const BODY_LIMIT = 2000;
const clip = (text: string, limit: number) => (text.length > limit ? `${text.slice(0, limit - 1)}…` : text);

/** Writes entries in the caller's transaction: they exist only if the change that causes them commits. */
export const insertInboxEntries = async (tx: Db, tenantId: string, entries: NewInboxEntry[], now: Date): Promise<void> => {
  if (entries.length === 0) return;
  await tx.insert(inboxNotifications).values(
    entries.map((entry) => ({
      tenantId,
      id: newId(),
      userId: entry.userId,
      kind: entry.kind,
      title: clip(entry.title, TITLE_LIMIT),
      body: clip(entry.body, BODY_LIMIT),
      link: entry.link,
      createdAt: now,
    })),
  );
};

export const listInbox = (db: Db, tenantId: string, userId: string, unreadOnly: boolean): Promise<InboxRow[]> =>
  db
    .select()
    .from(inboxNotifications)
    .where(
      and(
        eq(inboxNotifications.tenantId, tenantId),
        eq(inboxNotifications.userId, userId),
        unreadOnly ? isNull(inboxNotifications.readAt) : undefined,
      ),
    )
    .orderBy(desc(inboxNotifications.createdAt), desc(inboxNotifications.id))
    .limit(INBOX_PAGE_SIZE);

export const countUnread = async (db: Db, tenantId: string, userId: string): Promise<number> => {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(inboxNotifications)
    .where(and(eq(inboxNotifications.tenantId, tenantId), eq(inboxNotifications.userId, userId), isNull(inboxNotifications.readAt)));
  return Number(row?.count ?? 0);
};

/** False when the notification is not this person's in this tenant (absent, someone else's, another tenant's). */
export const markRead = async (db: Db, tenantId: string, userId: string, id: string, now: Date): Promise<boolean> => {
  const found = await db
    .select({ readAt: inboxNotifications.readAt })
    .from(inboxNotifications)
    .where(and(eq(inboxNotifications.tenantId, tenantId), eq(inboxNotifications.userId, userId), eq(inboxNotifications.id, id)));
  if (found.length === 0) return false;
  await db
    .update(inboxNotifications)
    .set({ readAt: now })
    .where(
      and(
        eq(inboxNotifications.tenantId, tenantId),
        eq(inboxNotifications.userId, userId),
        eq(inboxNotifications.id, id),
        isNull(inboxNotifications.readAt),
      ),
    );
  return true;
};

export const markAllRead = async (db: Db, tenantId: string, userId: string, now: Date): Promise<void> => {
  await db
    .update(inboxNotifications)
    .set({ readAt: now })
    .where(and(eq(inboxNotifications.tenantId, tenantId), eq(inboxNotifications.userId, userId), isNull(inboxNotifications.readAt)));
};
