import { importRoutes } from '@plansmith/contract/imports';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { addRoute } from '../../plugins/route.ts';
import { createImportService } from './imports.service.ts';

export const registerImportRoutes = (app: FastifyInstance, ctx: AppContext): void => {
  const service = createImportService(ctx);
  addRoute(app, ctx, importRoutes.preview, ({ auth, body }) => service.preview(auth, body));
  addRoute(app, ctx, importRoutes.commit, ({ auth, body }) => service.commit(auth, body));
  addRoute(app, ctx, importRoutes.list, ({ auth, body }) => service.list(auth, body.MarketingPlanId));
  addRoute(app, ctx, importRoutes.undo, ({ auth, body }) => service.undo(auth, body.ImportId));
};
