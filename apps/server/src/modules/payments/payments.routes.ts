import { paymentRoutes } from '@plansmith/contract';
import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import type { AppContext } from '../../context.ts';
import { addRoute } from '../../plugins/route.ts';
import type { RegistrationLimiter } from '../registration/index.ts';
import { createPaymentsService } from './payments.service.ts';

export const registerPaymentRoutes = (app: FastifyInstance, ctx: AppContext, stripe: Stripe, limiter: RegistrationLimiter): void => {
  const payments = createPaymentsService(ctx, stripe);
  addRoute(app, ctx, paymentRoutes.initializePaymentSetup, async ({ body, request }) => {
    await limiter.assertIp(request.ip);
    return payments.initialize(body.ApplicationId);
  });
  addRoute(app, ctx, paymentRoutes.getPaymentSetup, async ({ body, request }) => {
    await limiter.assertIp(request.ip);
    return payments.getPaymentSetup(body);
  });
  addRoute(app, ctx, paymentRoutes.finalizePayment, async ({ body, request }) => {
    await limiter.assertIp(request.ip);
    return payments.finalize(body.ApplicationId, body.Info.SetupIntent.Id, body.Info.SetupIntent.ClientSecret, request.ip);
  });
};
