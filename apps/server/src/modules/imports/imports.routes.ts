import { importRoutes } from '@plansmith/contract/imports';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { addRoute } from '../../plugins/route.ts';
import { createImportService } from './imports.service.ts';
import { createSheetPool } from './sheet-pool.ts';

export const registerImportRoutes = (app: FastifyInstance, ctx: AppContext): void => {
  // Files are read and checked in worker threads, which end with the app.
  const sheets = createSheetPool();
  app.addHook('onClose', () => sheets.close());
  const service = createImportService(ctx, sheets);
  addRoute(app, ctx, importRoutes.preview, ({ auth, body }) => service.preview(auth, body));
  addRoute(app, ctx, importRoutes.commit, ({ auth, body }) => service.commit(auth, body));
  addRoute(app, ctx, importRoutes.list, ({ auth, body }) => service.list(auth, body.MarketingPlanId));
  addRoute(app, ctx, importRoutes.undo, ({ auth, body }) => service.undo(auth, body.ImportId));
};
