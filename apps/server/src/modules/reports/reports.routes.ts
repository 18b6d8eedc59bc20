import { pivotRoutes, reportRoutes } from '@plansmith/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { addRoute } from '../../plugins/route.ts';
import { createPivotService } from './pivot.service.ts';
import { createReportsService } from './reports.service.ts';
import { createSavedReportsService } from './saved-reports.service.ts';

export const registerReportRoutes = (app: FastifyInstance, ctx: AppContext): void => {
  const service = createReportsService(ctx);
  addRoute(app, ctx, reportRoutes.budgetCategoriesReport, ({ auth, body }) => service.budgetCategoriesReport(auth, body.MarketingPlanId));
  const pivot = createPivotService(ctx);
  addRoute(app, ctx, pivotRoutes.pivot, ({ auth, body }) => pivot.pivot(auth, body));
  const saved = createSavedReportsService(ctx);
  addRoute(app, ctx, pivotRoutes.listSavedReports, ({ auth }) => saved.list(auth));
  addRoute(app, ctx, pivotRoutes.saveSavedReport, ({ auth, body }) => saved.save(auth, body));
  addRoute(app, ctx, pivotRoutes.deleteSavedReport, ({ auth, body }) => saved.delete(auth, body.Id, body.Version));
};
