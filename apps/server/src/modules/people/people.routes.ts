import { peopleRoutes } from '@plansmith/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { addRoute } from '../../plugins/route.ts';
import { getNotificationSettings, saveNotificationSettings } from './notification-settings.ts';
import { createPeopleService } from './people.service.ts';
import { sendInvitation } from './send-invitation.ts';

export const registerPeopleRoutes = (app: FastifyInstance, ctx: AppContext): void => {
  const people = createPeopleService(ctx);
  addRoute(app, ctx, peopleRoutes.list, ({ auth, body }) => people.list(auth, body.IsActive));
  addRoute(app, ctx, peopleRoutes.save, ({ auth, body, request }) => people.save(auth, body, request.ip));
  addRoute(app, ctx, peopleRoutes.sendInvitation, ({ auth, body }) => sendInvitation(ctx, auth, body.UserProfileId));
  addRoute(app, ctx, peopleRoutes.getNotificationSettings, ({ auth }) => getNotificationSettings(ctx, auth));
  addRoute(app, ctx, peopleRoutes.saveNotificationSettings, ({ auth, body }) => saveNotificationSettings(ctx, auth, body));
};
