import { type InboxKind, type InboxNotification, notificationRoutes } from '@plansmith/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../lib/http-errors.ts';
import { addRoute } from '../../plugins/route.ts';
import { countUnread, type InboxRow, listInbox, markAllRead, markRead } from './inbox.repository.ts';

const toNotification = (row: InboxRow): InboxNotification => ({
  Id: row.id,
  Kind: row.kind as InboxKind,
  Title: row.title,
  Body: row.body,
  Link: row.link,
  CreatedAt: row.createdAt.toISOString(),
  ReadAt: row.readAt?.toISOString() ?? null,
});

/** The bell's inbox: each person reads and marks only their own notifications, in their own tenant. */
export const registerInboxRoutes = (app: FastifyInstance, ctx: AppContext): void => {
  addRoute(app, ctx, notificationRoutes.list, async ({ auth, body }) =>
    (await listInbox(ctx.db, auth.tenantId, auth.userId, body.UnreadOnly ?? false)).map(toNotification),
  );
  addRoute(app, ctx, notificationRoutes.getUnreadCount, async ({ auth }) => ({
    Count: await countUnread(ctx.db, auth.tenantId, auth.userId),
  }));
  addRoute(app, ctx, notificationRoutes.markRead, async ({ auth, body }) => {
    if (!(await markRead(ctx.db, auth.tenantId, auth.userId, body.NotificationId, ctx.clock.now()))) throw notFound('The notification');
    return { Count: await countUnread(ctx.db, auth.tenantId, auth.userId) };
  });
  addRoute(app, ctx, notificationRoutes.markAllRead, async ({ auth }) => {
    await markAllRead(ctx.db, auth.tenantId, auth.userId, ctx.clock.now());
    return { Count: 0 };
  });
};
