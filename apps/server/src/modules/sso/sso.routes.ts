import { SSO_CALLBACK_PATH, ssoRoutes } from '@plansmith/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { addRoute } from '../../plugins/route.ts';
import { createSsoService } from './sso.service.ts';

export const registerSsoRoutes = (app: FastifyInstance, ctx: AppContext): void => {
  const sso = createSsoService(ctx);
  addRoute(app, ctx, ssoRoutes.get, ({ auth }) => sso.get(auth));
  addRoute(app, ctx, ssoRoutes.save, ({ auth, body, request }) => sso.save(auth, body, request.ip));
  addRoute(app, ctx, ssoRoutes.test, ({ auth, body }) => sso.test(auth, body.IssuerUrl));
  addRoute(app, ctx, ssoRoutes.start, ({ body, request }) => sso.start(body.Email, request.ip));
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
