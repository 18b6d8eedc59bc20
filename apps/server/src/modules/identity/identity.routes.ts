import { identityRoutes } from '@plansmith/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { addRoute } from '../../plugins/route.ts';
import { createIdentityService } from './identity.service.ts';
import type { LoginLimiter } from './login-limiter.ts';

export const registerIdentityRoutes = (app: FastifyInstance, ctx: AppContext, limiter: LoginLimiter): void => {
  const identity = createIdentityService(ctx, limiter);

  addRoute(app, ctx, identityRoutes.login, ({ body, request }) => identity.login(body.Username, body.Password, request.ip));
  addRoute(app, ctx, identityRoutes.refresh, ({ body }) => identity.refresh(body.RefreshToken));
  addRoute(app, ctx, identityRoutes.valid, async () => 'OK' as const);
  addRoute(app, ctx, identityRoutes.logout, async ({ auth }) => {
    await identity.logout(auth);
    return true as const;
  });
  addRoute(app, ctx, identityRoutes.changePassword, ({ auth, body, request }) =>
    identity.changePassword(auth, body.CurrentPassword, body.NewPassword, request.ip),
  );
};
