import { lookupRoutes } from '@plansmith/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { addRoute } from '../../plugins/route.ts';
import { createLookupsService } from './lookups.service.ts';

export const registerLookupRoutes = (app: FastifyInstance, ctx: AppContext): void => {
  const service = createLookupsService(ctx);
  addRoute(app, ctx, lookupRoutes.getLookupInformation, ({ auth }) => service.list(auth));
  addRoute(app, ctx, lookupRoutes.save, ({ auth, body }) => service.save(auth, body));
  addRoute(app, ctx, lookupRoutes.delete, ({ auth, body }) => service.delete(auth, body.LookupInfoId, body.Version));
};
