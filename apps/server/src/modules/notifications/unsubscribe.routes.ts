import type { FastifyInstance, FastifyReply } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { users } from '../../schema/tenants.ts';
import { buildPublicUrl } from '../mail/index.ts';
import { setNotificationChoice } from '../people/index.ts';
import { NOTIFICATION_KINDS } from './kinds.ts';
import { UNSUBSCRIBE_PATH } from './notification-mail.ts';
import { renderUnsubscribePage } from './unsubscribe-page.ts';
import { readUnsubscribeToken } from './unsubscribe-token.ts';

type Query = { token?: string };

/**
 * The one-click unsubscribe link of every notification (no sign-in): GET shows what it will stop
 * and asks to confirm (mail scanners follow links, so a GET changes nothing); POST applies it —
 * our button, or a mail client's RFC 8058 one-click POST (List-Unsubscribe=One-Click).
 */
export const registerUnsubscribeRoutes = (app: FastifyInstance, ctx: AppContext): void => {
  const settingsUrl = buildPublicUrl(ctx.config.publicUrl, '/settings/notifications');
  const invalid = (reply: FastifyReply) =>
    reply
      .status(400)
      .type('text/html; charset=utf-8')
      .send(
        renderUnsubscribePage({
          title: 'This link does not work',
          paragraphs: [
            'The unsubscribe link is incomplete or was changed. Copy the whole link from the e-mail, or choose your e-mails in your settings.',
          ],
          link: { label: 'Notification settings', url: settingsUrl },
        }),
      );

  const lookup = async (token: string | undefined) => {
    const claims = token ? readUnsubscribeToken(ctx.config.jwtSecret, token) : null;
    if (!claims) return null;
    const [person] = await ctx.db
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.tenantId, claims.tenantId), eq(users.id, claims.userId)));
    return person ? { ...claims, email: person.email } : null;
  };

  app.register(async (scope) => {
    // Forms and one-click clients post application/x-www-form-urlencoded; the token is in the query.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) => done(null, {}));

    scope.get<{ Querystring: Query }>(UNSUBSCRIBE_PATH, { schema: { hide: true } }, async (request, reply) => {
      const found = await lookup(request.query.token);
      if (!found) return invalid(reply);
      const label = NOTIFICATION_KINDS[found.kind].label;
      return reply
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .send(
          renderUnsubscribePage({
            title: `Unsubscribe from ${label}?`,
            paragraphs: [`${found.email} will no longer get ${label} from Plansmith. Other e-mails stay as they are.`],
            form: { action: `${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(request.query.token ?? '')}`, button: 'Unsubscribe' },
            link: { label: 'Choose all your e-mails in your settings instead', url: settingsUrl },
          }),
        );
    });

    scope.post<{ Querystring: Query }>(UNSUBSCRIBE_PATH, { schema: { hide: true } }, async (request, reply) => {
      const found = await lookup(request.query.token);
      if (!found) return invalid(reply);
      const kind = NOTIFICATION_KINDS[found.kind];
      await setNotificationChoice(ctx.db, found.tenantId, found.userId, kind.setting, false, ctx.clock.now());
      return reply
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .send(
          renderUnsubscribePage({
            title: 'You are unsubscribed',
            paragraphs: [`${found.email} will no longer get ${kind.label}. You can turn them back on in your notification settings.`],
            link: { label: 'Notification settings', url: settingsUrl },
          }),
        );
    });
  });
};
