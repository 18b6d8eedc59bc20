import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { registerBillingRoutes } from '../billing/index.ts';
import { registerProductRoutes } from '../products/index.ts';
import { createRegistrationLimiter } from '../registration/index.ts';
import { registerRegistrationRoutes } from '../registration/index.ts';
import { registerStripeSandbox } from '../stripe-sandbox/index.ts';
import { isSandboxMode } from '../stripe-sandbox/index.ts';
import { registerPaymentWebhook } from './payments-webhook.ts';
import { registerPaymentRoutes } from './payments.routes.ts';
import { createStripeClient } from './stripe-client.ts';

/**
 * Sign-up and billing (issue 6): products, registration, payments with their webhook, billing,
 * and — only without Stripe keys and never in production — the payment sandbox under /v1.
 */
export const registerSignupModules = (app: FastifyInstance, ctx: AppContext): void => {
  const stripe = createStripeClient(app, ctx);
  const limiter = createRegistrationLimiter(ctx.rateLimiter);
  registerProductRoutes(app, ctx);
  registerRegistrationRoutes(app, ctx, limiter);
  registerPaymentRoutes(app, ctx, stripe, limiter);
  registerPaymentWebhook(app, ctx, stripe);
  registerBillingRoutes(app, ctx, stripe);
  if (isSandboxMode(ctx.config)) registerStripeSandbox(app, ctx);
};
