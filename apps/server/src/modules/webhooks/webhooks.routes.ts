import { webhookRoutes } from '@plansmith/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { addRoute } from '../../plugins/route.ts';
import { createWebhookDispatcher, type WebhookDispatcher } from './webhook-dispatcher.ts';
import { createWebhooksService } from './webhooks.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The webhooks' outbox dispatcher: server.ts starts it; tests call dispatch() themselves. */
    webhookDispatcher: WebhookDispatcher;
  }
}

export const registerWebhookRoutes = (app: FastifyInstance, ctx: AppContext): void => {
  const dispatcher = createWebhookDispatcher(ctx, { log: app.log });
  app.decorate('webhookDispatcher', dispatcher);
  app.addHook('onClose', async () => dispatcher.stop());
  const service = createWebhooksService(ctx, dispatcher);
  addRoute(app, ctx, webhookRoutes.list, ({ auth }) => service.list(auth));
  addRoute(app, ctx, webhookRoutes.save, ({ auth, body, request }) => service.save(auth, body, request.ip));
  addRoute(app, ctx, webhookRoutes.delete, ({ auth, body, request }) => service.delete(auth, body.Id, body.Version, request.ip));
  addRoute(app, ctx, webhookRoutes.test, ({ auth, body }) => service.test(auth, body.Id));
  addRoute(app, ctx, webhookRoutes.deliveries, ({ auth, body }) => service.deliveries(auth, body));
};
