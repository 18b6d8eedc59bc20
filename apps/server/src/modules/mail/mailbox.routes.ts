import { IdSchema, MAILBOX_JSON_PATH, MAILBOX_PAGE_PATH, type MailboxMessage, MailboxSchema } from '@plansmith/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../lib/http-errors.ts';
import { isDevMailboxEnabled } from './mail-transport.ts';
import { renderMailboxPage } from './mailbox-page.ts';
import { findMail, listRecentMail } from './mailbox.repository.ts';
import type { mailOutbox } from '../../schema/mail.ts';

const MAILBOX_SIZE = 200;

const toMessage = (row: typeof mailOutbox.$inferSelect): MailboxMessage => ({
  Id: row.id,
  To: row.toAddress,
  Subject: row.subject,
  Kind: row.kind,
  Status: row.status,
  CreatedAt: row.createdAt.toISOString(),
  Text: row.textBody,
  Links: row.links.map((link) => ({ Label: link.label, Url: link.url })),
  Headers: row.headers,
});

/**
 * The dev mailbox (DESIGN.md §8): /dev/mailbox (a page) and /dev/mailbox.json, registered only
 * while the outbox transport is in use and never in production. Anyone who can reach a
 * development server can read it — that is its purpose.
 */
export const registerMailboxRoutes = (app: FastifyInstance, ctx: AppContext): void => {
  if (!isDevMailboxEnabled(ctx.config)) return;
  const list = async () => (await listRecentMail(ctx.db, MAILBOX_SIZE)).map(toMessage);

  app.get(MAILBOX_JSON_PATH, { schema: { hide: true } }, async () => MailboxSchema.parse({ messages: await list() }));
  app.get(MAILBOX_PAGE_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(renderMailboxPage(await list())),
  );
  app.get<{ Params: { id: string } }>(`${MAILBOX_PAGE_PATH}/:id`, { schema: { hide: true } }, async (request, reply) => {
    const id = IdSchema.safeParse(request.params.id);
    const row = id.success ? await findMail(ctx.db, id.data) : null;
    if (!row) throw notFound('The message');
    return reply.type('text/html; charset=utf-8').send(row.htmlBody);
  });
};
