import { billingRoutes } from '@plansmith/contract';
import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import type { AppContext } from '../../context.ts';
import { addRoute } from '../../plugins/route.ts';
import { createBillingService } from './billing.service.ts';
import { createCardSetupService } from './card-setup.ts';
import { createInvoiceDetailService } from './invoice-detail.ts';

export const registerBillingRoutes = (app: FastifyInstance, ctx: AppContext, stripe: Stripe): void => {
  const billing = createBillingService(ctx, stripe);
  const cards = createCardSetupService(ctx, stripe);
  const invoices = createInvoiceDetailService(ctx, stripe);
  addRoute(app, ctx, billingRoutes.getSubscription, ({ auth }) => billing.get(auth.tenantId));
  addRoute(app, ctx, billingRoutes.changeSubscription, ({ auth, body }) =>
    billing.change(auth.tenantId, body.ProductId, body.BillingCycle),
  );
  addRoute(app, ctx, billingRoutes.previewChange, ({ auth, body }) =>
    billing.previewChange(auth.tenantId, body.ProductId, body.BillingCycle),
  );
  addRoute(app, ctx, billingRoutes.startCardSetup, ({ auth, body }) => cards.start(auth, body));
  addRoute(app, ctx, billingRoutes.completeCardSetup, async ({ auth, body }) => {
    await cards.complete(auth, body.SetupIntentId, body.ClientSecret);
    return billing.get(auth.tenantId);
  });
  addRoute(app, ctx, billingRoutes.getInvoices, ({ auth }) => cards.invoices(auth.tenantId));
  addRoute(app, ctx, billingRoutes.getInvoice, ({ auth, body }) => invoices.get(auth.tenantId, body.Id));
  addRoute(app, ctx, billingRoutes.cancelSubscription, ({ auth, body }) =>
    billing.setCancelAtPeriodEnd(auth.tenantId, body.CancelAtPeriodEnd),
  );
};
