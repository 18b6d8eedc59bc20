import { spendingRoutes } from '@plansmith/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { addRoute } from '../../plugins/route.ts';
import { createSpendingService } from './spending.service.ts';

export const registerSpendingRoutes = (app: FastifyInstance, ctx: AppContext): void => {
  const service = createSpendingService(ctx);
  addRoute(app, ctx, spendingRoutes.spendingReport, ({ auth, body }) => service.spendingReport(auth, body.MarketingPlanId));
};
