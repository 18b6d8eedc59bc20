import { PAYMENT_WEBHOOK_PATH } from '@plansmith/contract';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import type { AppContext } from '../../context.ts';
import { listPendingEvents, markEventDelivered, markEventFailed } from './sandbox.store.ts';
import { stripeKeysOf } from './sandbox-keys.ts';

const inFlight = new WeakMap<FastifyInstance, Promise<number>>();

/**
 * Delivers the sandbox's pending events to our webhook endpoint, signed with the sandbox webhook
 * secret exactly as Stripe signs them (so constructEvent verifies them). Undelivered events stay
 * pending and are tried again on the next delivery. Answers how many were delivered.
 */
export const deliverSandboxEvents = (app: FastifyInstance, ctx: AppContext): Promise<number> => {
  const running = inFlight.get(app);
  if (running) return running;
  const delivery = (async () => {
    const secret = stripeKeysOf(ctx.config).webhookSecret;
    let delivered = 0;
    for (const event of await listPendingEvents(ctx.db)) {
      const payload = JSON.stringify(event.payload);
      const signature = Stripe.webhooks.generateTestHeaderString({
        payload,
        secret,
        timestamp: Math.floor(ctx.clock.now().getTime() / 1000),
      });
      const response = await app.inject({
        method: 'POST',
        url: PAYMENT_WEBHOOK_PATH,
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload,
      });
      if (response.statusCode >= 200 && response.statusCode < 300) {
        await markEventDelivered(ctx.db, event.id, ctx.clock.now());
        delivered += 1;
      } else {
        await markEventFailed(ctx.db, event.id, `${response.statusCode} ${response.body}`);
      }
    }
    return delivered;
  })().finally(() => {
    inFlight.delete(app);
  });
  inFlight.set(app, delivery);
  return delivery;
};
