import { customFieldRoutes } from '@plansmith/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { addRoute } from '../../plugins/route.ts';
import { createCustomFieldsService } from './custom-fields.service.ts';

export const registerCustomFieldRoutes = (app: FastifyInstance, ctx: AppContext): void => {
  const service = createCustomFieldsService(ctx);
  addRoute(app, ctx, customFieldRoutes.list, ({ auth, body }) => service.list(auth, body?.Entity));
  addRoute(app, ctx, customFieldRoutes.save, ({ auth, body }) => service.save(auth, body));
  addRoute(app, ctx, customFieldRoutes.delete, ({ auth, body }) => service.delete(auth, body.Id, body.Version));
};
