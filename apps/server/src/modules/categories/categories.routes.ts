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
  addRoute(app, ctx, categoryRoutes.delete, ({ auth, body }) => service.delete(auth, body.BudgetCategoryId));
  addRoute(app, ctx, categoryRoutes.deleteAll, ({ auth }) => service.deleteAll(auth));
};
