import { apiTokenRoutes } from '@plansmith/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { addRoute } from '../../plugins/route.ts';
import { createApiTokensService } from './api-tokens.service.ts';

export const registerApiTokenRoutes = (app: FastifyInstance, ctx: AppContext): void => {
  const service = createApiTokensService(ctx);
  addRoute(app, ctx, apiTokenRoutes.list, ({ auth }) => service.list(auth));
  addRoute(app, ctx, apiTokenRoutes.create, ({ auth, body, request }) => service.create(auth, body, request.ip));
  addRoute(app, ctx, apiTokenRoutes.revoke, ({ auth, body, request }) => service.revoke(auth, body.Id, request.ip));
};
