import { SSO_CALLBACK_PATH, ssoRoutes } from '@plansmith/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { consumeOrThrow } from '../../lib/rate-limits.ts';
import { addRoute } from '../../plugins/route.ts';
import { createSsoService } from './sso.service.ts';

/** Sign-ins started from one address per 15 minutes: each asks an IdP for its configuration. */
export const SSO_STARTS_PER_IP = 60;

export const registerSsoRoutes = (app: FastifyInstance, ctx: AppContext): void => {
  const sso = createSsoService(ctx);
  const starts = ctx.rateLimiter({ keyPrefix: 'sso-start-ip', points: SSO_STARTS_PER_IP, duration: 15 * 60 });
  addRoute(app, ctx, ssoRoutes.get, ({ auth }) => sso.get(auth));
  addRoute(app, ctx, ssoRoutes.save, ({ auth, body, request }) => sso.save(auth, body, request.ip));
  addRoute(app, ctx, ssoRoutes.test, ({ auth, body }) => sso.test(auth, body.IssuerUrl));
  addRoute(app, ctx, ssoRoutes.start, async ({ body, request }) => {
    await consumeOrThrow(starts, request.ip);
    return sso.start(body.Email, request.ip);
  });
  addRoute(app, ctx, ssoRoutes.complete, ({ body, request }) => sso.complete(body.Handoff, request.ip));

  // The IdP sends the browser back here (not an API call, not the SPA): a redirect either way, to
  // /login/sso#handoff=… or /login?sso_error=…. Never cached; the answer carries no referrer onwards.
  app.get(SSO_CALLBACK_PATH, { schema: { hide: true } }, async (request, reply) => {
    const raw = request.raw.url ?? '';
    const at = raw.indexOf('?');
    const rawQuery = at === -1 ? '' : raw.slice(at + 1);
    const query: Record<string, string> = {};
    for (const [key, value] of new URLSearchParams(rawQuery)) query[key] = value;
    const location = await sso.callback(query, rawQuery, request.ip);
    return reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(location, 303);
  });
};
