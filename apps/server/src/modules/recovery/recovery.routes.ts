import { recoveryRoutes } from '@plansmith/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { addRoute } from '../../plugins/route.ts';
import { type AnonymousLimiter, createAnonymousLimiter } from './anonymous-limiter.ts';
import { createRecoveryService } from './recovery.service.ts';

/**
 * Password recovery, reachable two ways (SPEC.md §7): the identity service's token/startrecovery
 * and token/resetpassword, and the account-service operations the anonymous screens call,
 * /api/AccountClient/BeginPasswordRecovery and /api/AccountClient/ResetPassword.
 */
export const registerRecoveryRoutes = (
  app: FastifyInstance,
  ctx: AppContext,
  limiter: AnonymousLimiter = createAnonymousLimiter(ctx.rateLimiter),
): void => {
  const recovery = createRecoveryService(ctx, limiter);
  addRoute(app, ctx, recoveryRoutes.startRecovery, ({ body, request }) => recovery.start(body.Username, request.ip));
  addRoute(app, ctx, recoveryRoutes.beginPasswordRecovery, ({ body, request }) => recovery.start(body.Username, request.ip));
  addRoute(app, ctx, recoveryRoutes.resetPassword, ({ body, request }) =>
    recovery.reset({ key: body.Key, password: body.Password, ip: request.ip }),
  );
  addRoute(app, ctx, recoveryRoutes.accountResetPassword, ({ body, request }) =>
    recovery.reset({ key: body.Key, password: body.Password, confirmPassword: body.ConfirmPassword, ip: request.ip }),
  );
};
