import { PAYMENT_WEBHOOK_PATH } from '@plansmith/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { isLiveStatus, readProviderSubscription } from '../billing/index.ts';
import * as billing from '../billing/index.ts';
import { findPriceByProviderId } from '../products/index.ts';
import { stripeKeysOf } from '../stripe-sandbox/index.ts';
import { paymentWebhookEvents } from '../../schema/payments.ts';

/**
 * Applies the subscription's current state (fetched from the provider, so events arriving out of
 * order cannot roll it back) to our copy and to the tenant's plan.
 */
const applySubscription = async (tx: Db, subscription: Stripe.Subscription, deleted: boolean, now: Date): Promise<void> => {
  const row = await billing.findByProviderId(tx, subscription.id);
  // A subscription we have not recorded yet is recorded by finalizePayment from the provider's own answer.
  if (!row) return;
  const provider = readProviderSubscription(subscription);
  const status = deleted ? 'canceled' : provider.status;
  const price = provider.priceId ? await findPriceByProviderId(tx, provider.priceId) : null;
  await billing.updateSubscription(tx, row.tenantId, row.id, {
    status,
    cancelAtPeriodEnd: provider.cancelAtPeriodEnd,
    currentPeriodEnd: provider.currentPeriodEnd,
    providerSubscriptionItemId: provider.itemId,
    ...(price ? { productId: price.product.id, priceItemId: price.item.id } : {}),
    updatedAt: now,
  });
  const current = await billing.findCurrentSubscription(tx, row.tenantId);
  if (current && current.id !== row.id) return; // an older subscription no longer drives the plan
  const planCode = isLiveStatus(status) ? (price?.product.code ?? null) : 'starter';
  if (planCode) await billing.setTenantPlan(tx, row.tenantId, planCode, now);
};

/**
 * The card provider's webhook: the signature is verified with constructEvent on the raw body, and
 * each event id is applied exactly once (payment_webhook_events), in one transaction with its effect.
 */
export const registerPaymentWebhook = (app: FastifyInstance, ctx: AppContext, stripe: Stripe): void => {
  const secret = stripeKeysOf(ctx.config).webhookSecret;
  app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post(PAYMENT_WEBHOOK_PATH, { schema: { hide: true } }, async (request, reply) => {
      const signature = request.headers['stripe-signature'];
      let event: Stripe.Event;
      try {
        if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) throw new Error('missing signature or body');
        event = stripe.webhooks.constructEvent(request.body, signature, secret);
      } catch {
        return reply.status(400).send({ Result: null, Message: 'The webhook signature could not be verified.' });
      }
      const alreadyApplied = async () =>
        (await ctx.db.select({ id: paymentWebhookEvents.id }).from(paymentWebhookEvents).where(eq(paymentWebhookEvents.id, event.id)))
          .length > 0;
      if (await alreadyApplied()) return reply.send({ Result: { Received: true, Duplicate: true }, Message: null });
      let latest: Stripe.Subscription | null = null;
      if (event.type.startsWith('customer.subscription.')) {
        const subscription = event.data.object as Stripe.Subscription;
        // Read outside the transaction: no database connection is held while the provider answers.
        latest = await stripe.subscriptions.retrieve(subscription.id);
      }
      const now = ctx.clock.now();
      const applied = await ctx.db.transaction(async (tx) => {
        const inserted = await tx
          .insert(paymentWebhookEvents)
          .values({ id: event.id, type: event.type, processedAt: now })
          .onConflictDoNothing()
          .returning({ id: paymentWebhookEvents.id });
        if (inserted.length === 0) return false;
        if (latest) await applySubscription(tx, latest, latest.status === 'canceled', now);
        return true;
      });
      return reply.send({ Result: { Received: true, Duplicate: !applied }, Message: null });
    });
  });
};
