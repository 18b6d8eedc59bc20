import { categoryRoutes } from '@plansmith/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { addRoute } from '../../plugins/route.ts';
import { createCategoriesService } from './categories.service.ts';

export const registerCategoryRoutes = (app: FastifyInstance, ctx: AppContext): void => {
  const service = createCategoriesService(ctx);
  addRoute(app, ctx, categoryRoutes.getBudgetCategories, ({ auth }) => service.list(auth));
  addRoute(app, ctx, categoryRoutes.save, ({ auth, body }) => service.save(auth, body));
  addRoute(app, ctx, categoryRoutes.saveAll, ({ auth, body }) => service.saveAll(auth, body));
  addRoute(app, ctx, categoryRoutes.delete, ({ auth, body }) => service.delete(auth, body.BudgetCategoryId, body.Version));
  addRoute(app, ctx, categoryRoutes.deleteAll, ({ auth, body }) => service.deleteAll(auth, body.Categories));
  // The GET of DESIGN.md §7.9 carries no body: nothing to compare versions with.
  addRoute(app, ctx, categoryRoutes.deleteAllByGet, ({ auth }) => service.deleteAll(auth, null));
};
