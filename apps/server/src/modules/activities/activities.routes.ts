import { activityRoutes } from '@plansmith/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { addRoute } from '../../plugins/route.ts';
import { createActivitiesService } from './activities.service.ts';

export const registerActivityRoutes = (app: FastifyInstance, ctx: AppContext): void => {
  const service = createActivitiesService(ctx);
  addRoute(app, ctx, activityRoutes.getActivities, ({ auth, body }) => service.getPlanActivities(auth, body));
  addRoute(app, ctx, activityRoutes.getSingleEntityActivities, ({ auth, body }) => service.getEntityActivities(auth, body));
  addRoute(app, ctx, activityRoutes.saveActivity, ({ auth, body }) => service.saveNote(auth, body));
  addRoute(app, ctx, activityRoutes.deleteActivity, ({ auth, body }) => service.deleteActivity(auth, body.ActivityId, body.Version));
};
