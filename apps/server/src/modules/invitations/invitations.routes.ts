import { invitationRoutes } from '@plansmith/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { addRoute } from '../../plugins/route.ts';
import { type AnonymousLimiter, createAnonymousLimiter } from '../recovery/index.ts';
import { createInvitationsService } from './invitations.service.ts';

export const registerInvitationRoutes = (
  app: FastifyInstance,
  ctx: AppContext,
  limiter: AnonymousLimiter = createAnonymousLimiter(ctx.rateLimiter),
): void => {
  const invitations = createInvitationsService(ctx);
  addRoute(app, ctx, invitationRoutes.validateInvitation, async ({ body, request }) => {
    await limiter.takeKeyAttempt(request.ip);
    return invitations.validate(body.InvitationKey);
  });
  addRoute(app, ctx, invitationRoutes.completeInvitation, async ({ body, request }) => {
    await limiter.takeKeyAttempt(request.ip);
    return invitations.complete(body, request.ip);
  });
};
