import { expectationRoutes } from '@plansmith/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { addRoute } from '../../plugins/route.ts';
import { createExpectationService } from './expectations.service.ts';

export const registerExpectationRoutes = (app: FastifyInstance, ctx: AppContext): void => {
  const service = createExpectationService(ctx);
  addRoute(app, ctx, expectationRoutes.get, ({ auth, body }) => service.get(auth, body.MarketingPlanId));
  addRoute(app, ctx, expectationRoutes.save, ({ auth, body }) => service.save(auth, body));
  addRoute(app, ctx, expectationRoutes.generate, ({ auth, body }) => service.generate(auth, body));
};
