import { reportRoutes } from '@plansmith/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { addRoute } from '../../plugins/route.ts';
import { createReportsService } from './reports.service.ts';

export const registerReportRoutes = (app: FastifyInstance, ctx: AppContext): void => {
  const service = createReportsService(ctx);
  addRoute(app, ctx, reportRoutes.budgetCategoriesReport, ({ auth, body }) => service.budgetCategoriesReport(auth, body.MarketingPlanId));
};
