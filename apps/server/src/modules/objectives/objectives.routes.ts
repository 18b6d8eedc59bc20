import { objectiveRoutes } from '@plansmith/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { addRoute } from '../../plugins/route.ts';
import { createObjectivesService } from './objectives.service.ts';

export const registerObjectiveRoutes = (app: FastifyInstance, ctx: AppContext): void => {
  const service = createObjectivesService(ctx);
  addRoute(app, ctx, objectiveRoutes.getObjectives, ({ auth, body }) => service.list(auth, body.MarketingPlanId));
  addRoute(app, ctx, objectiveRoutes.getObjective, ({ auth, body }) => service.get(auth, body.ObjectiveId));
  addRoute(app, ctx, objectiveRoutes.save, ({ auth, body }) => service.save(auth, body));
  addRoute(app, ctx, objectiveRoutes.delete, ({ auth, body }) => service.delete(auth, body.ObjectiveId, body.Version));
  addRoute(app, ctx, objectiveRoutes.saveResult, ({ auth, body }) => service.saveResult(auth, body));
  addRoute(app, ctx, objectiveRoutes.deleteResult, ({ auth, body }) => service.deleteResult(auth, body.ObjectiveResultId, body.Version));
};
