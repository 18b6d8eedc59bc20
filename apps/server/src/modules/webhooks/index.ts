// The webhooks module as the app sees it (DESIGN.md §18): the routes, and the dispatcher that sends the
// outbox the database's triggers fill (migration 1130). server.ts starts the dispatcher.
export { registerWebhookRoutes } from './webhooks.routes.ts';
export { signWebhook, webhookBody, type WebhookDispatcher } from './webhook-dispatcher.ts';
