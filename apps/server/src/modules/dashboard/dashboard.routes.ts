import { dashboardRoutes } from '@plansmith/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { addRoute } from '../../plugins/route.ts';
import { createDashboardService } from './dashboard.service.ts';

export const registerDashboardRoutes = (app: FastifyInstance, ctx: AppContext): void => {
  const service = createDashboardService(ctx);
  addRoute(app, ctx, dashboardRoutes.getDashboard, ({ auth, body }) => service.getDashboard(auth, body.MarketingPlanId));
};
