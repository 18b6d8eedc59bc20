import { playbookRoutes } from '@plansmith/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { addRoute } from '../../plugins/route.ts';
import { createPlaybookService } from './playbook.service.ts';

export const registerPlaybookRoutes = (app: FastifyInstance, ctx: AppContext): void => {
  const service = createPlaybookService(ctx);
  addRoute(app, ctx, playbookRoutes.list, ({ auth }) => service.list(auth));
  addRoute(app, ctx, playbookRoutes.preview, ({ auth, body }) => service.preview(auth, body.MarketingPlanId));
  addRoute(app, ctx, playbookRoutes.createPlan, ({ auth, body }) => service.createPlan(auth, body));
  addRoute(app, ctx, playbookRoutes.saveAsTemplate, ({ auth, body }) => service.saveAsTemplate(auth, body));
  addRoute(app, ctx, playbookRoutes.rename, ({ auth, body }) => service.rename(auth, body));
  addRoute(app, ctx, playbookRoutes.delete, ({ auth, body }) => service.delete(auth, body.MarketingPlanId));
};
