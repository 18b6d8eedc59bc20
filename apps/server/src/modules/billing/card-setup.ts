import { type CardSetup, type Invoice, priceTypeOf, type StartCardSetupRequest } from '@plansmith/contract';
import { and, desc, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { AppContext } from '../../context.ts';
import { badRequest, conflict, fieldError, HttpError, notFound } from '../../lib/http-errors.ts';
import { newId } from '../../lib/ids.ts';
import { createKeyedLock } from '../../lib/keyed-lock.ts';
import { toDollars } from '../../lib/money.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { cardErrorMessage, providerFailure } from '../../plugins/errors.ts';
import { billingCustomers, subscriptions } from '../../schema/billing.ts';
import { tenants, users } from '../../schema/tenants.ts';
import { findPriceByProviderId, findPriceForProduct, periodAmountCents } from '../products/index.ts';
import { isSandboxMode, stripeKeysOf } from '../stripe-sandbox/index.ts';
import { isLiveStatus, readProviderSubscription } from './provider-subscription.ts';
import * as repo from './subscriptions.repository.ts';

const SETUP_NOT_FOUND = 'The card setup';

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

/**
 * Card flows of an existing account (DESIGN.md §11): a Starter account moves to a paid plan with a
 * card, and a paying account changes its card on file. Both start a SetupIntent bound to the
 * tenant (the browser's card form confirms it, as at sign-up) and complete on our side after the
 * provider says it succeeded.
 */
export const createCardSetupService = (ctx: AppContext, stripe: Stripe) => {
  const oneAtATime = createKeyedLock();

  /** The tenant's customer at the provider: its subscription's, the one kept for it, or a new one. */
  const ensureCustomer = async (auth: AuthContext): Promise<string> => {
    const [subscription] = await ctx.db
      .select({ customer: subscriptions.providerCustomerId })
      .from(subscriptions)
      .where(eq(subscriptions.tenantId, auth.tenantId))
      .orderBy(desc(subscriptions.createdAt))
      .limit(1);
    if (subscription) return subscription.customer;
    const [kept] = await ctx.db.select().from(billingCustomers).where(eq(billingCustomers.tenantId, auth.tenantId));
    if (kept) return kept.providerCustomerId;
    const [owner] = await ctx.db
      .select({ email: users.email, firstName: users.firstName, lastName: users.lastName, company: tenants.name })
      .from(users)
      .innerJoin(tenants, eq(tenants.id, users.tenantId))
      .where(and(eq(users.tenantId, auth.tenantId), eq(users.id, auth.userId)));
    if (!owner) throw notFound('Your account');
    // One customer per tenant even when two first attempts race: the key names the tenant.
    const customer = await stripe.customers.create(
      { name: `${owner.firstName} ${owner.lastName}`, email: owner.email, metadata: { tenant_id: auth.tenantId, company: owner.company } },
      { idempotencyKey: `tenant-customer-${auth.tenantId}` },
    );
    await ctx.db
      .insert(billingCustomers)
      .values({ tenantId: auth.tenantId, providerCustomerId: customer.id, createdAt: ctx.clock.now() })
      .onConflictDoNothing();
    return customer.id;
  };

  const liveSubscription = async (tenantId: string) => {
    const row = await repo.findCurrentSubscription(ctx.db, tenantId);
    return row && isLiveStatus(row.status) ? row : null;
  };

  const start = async (auth: AuthContext, request: StartCardSetupRequest): Promise<CardSetup> => {
    const live = await liveSubscription(auth.tenantId);
    let total: number | null = null;
    let priceId: string | null = null;
    if (request.Purpose === 'upgrade') {
      if (!request.ProductId) throw fieldError('ProductId', 'Please choose the plan to upgrade to.');
      if (!request.BillingCycle) throw fieldError('BillingCycle', 'Please choose monthly or annual billing.');
      if (live) throw conflict('Your account already has a paid plan. Change the plan or the card on this page instead.');
      const price = await findPriceForProduct(ctx.db, request.ProductId, priceTypeOf(request.BillingCycle));
      if (!price) throw notFound('The plan');
      if (!price.item.providerPriceId || price.product.code === 'starter' || !price.product.active) {
        throw badRequest('Please choose Agility, Performance or Enterprise: Starter is free and needs no card.');
      }
      total = toDollars(periodAmountCents(price.item));
      priceId = price.item.providerPriceId;
    } else if (!live) {
      throw conflict('There is no paid subscription whose card could change. Choose a paid plan first.');
    }
    try {
      const customer = live?.providerCustomerId ?? (await ensureCustomer(auth));
      const intent = await stripe.setupIntents.create(
        {
          customer,
          usage: 'off_session',
          metadata: { tenant_id: auth.tenantId, purpose: request.Purpose, ...(priceId ? { price_id: priceId } : {}) },
        },
        { idempotencyKey: `billing-setup-${newId()}` },
      );
      if (!intent.client_secret) throw new Error('SetupIntent without a client secret');
      return {
        SetupToken: intent.client_secret,
        PublicKey: stripeKeysOf(ctx.config).publishableKey,
        Sandbox: isSandboxMode(ctx.config),
        Total: total,
      };
    } catch (error) {
      throw providerFailure(error);
    }
  };

  /** The confirmed SetupIntent of this tenant, with its card; 404 for another tenant's, 402 when the card was refused. */
  const confirmedIntent = async (auth: AuthContext, setupIntentId: string, clientSecret: string) => {
    let intent: Stripe.SetupIntent;
    try {
      intent = await stripe.setupIntents.retrieve(setupIntentId);
    } catch (error) {
      throw providerFailure(error, { missing: notFound(SETUP_NOT_FOUND) });
    }
    if (intent.metadata?.tenant_id !== auth.tenantId || intent.client_secret !== clientSecret) throw notFound(SETUP_NOT_FOUND);
    if (intent.status !== 'succeeded') {
      throw new HttpError(
        402,
        intent.last_setup_error
          ? cardErrorMessage(intent.last_setup_error)
          : 'Your card has not been confirmed. Please enter your card details again.',
      );
    }
    const paymentMethodId = idOf(intent.payment_method);
    const customerId = idOf(intent.customer);
    if (!paymentMethodId || !customerId) throw badRequest('The card setup is incomplete. Please enter your card again.');
    const card = (await stripe.paymentMethods.retrieve(paymentMethodId)).card;
    return { intent, paymentMethodId, customerId, card };
  };

  const cardColumns = (paymentMethodId: string, card: Stripe.PaymentMethod.Card | undefined | null) => ({
    providerPaymentMethodId: paymentMethodId,
    cardBrand: card?.brand ?? null,
    cardLast4: card?.last4 ?? null,
    cardExpMonth: card?.exp_month ?? null,
    cardExpYear: card?.exp_year ?? null,
  });

  const upgrade = async (auth: AuthContext, confirmed: Awaited<ReturnType<typeof confirmedIntent>>) => {
    const { intent, paymentMethodId, customerId, card } = confirmed;
    const priceId = intent.metadata?.price_id;
    const price = priceId ? await findPriceByProviderId(ctx.db, priceId) : null;
    if (!price?.item.providerPriceId) throw badRequest('The card setup names no plan. Please choose the plan again.');
    const live = await liveSubscription(auth.tenantId);
    if (live) {
      // Completing this setup again finds the subscription it made; any other paid plan is a conflict.
      const current = await stripe.subscriptions.retrieve(live.providerSubscriptionId);
      if (current.metadata?.setup_intent === intent.id) return;
      throw conflict('Your account already has a paid plan.');
    }
    let subscription: Stripe.Subscription;
    try {
      await stripe.customers.update(
        customerId,
        { invoice_settings: { default_payment_method: paymentMethodId } },
        { idempotencyKey: `billing-default-card-${intent.id}` },
      );
      // Keyed by the SetupIntent: completing the same setup twice answers the same subscription.
      subscription = await stripe.subscriptions.create(
        {
          customer: customerId,
          items: [{ price: price.item.providerPriceId }],
          default_payment_method: paymentMethodId,
          metadata: { tenant_id: auth.tenantId, setup_intent: intent.id },
        },
        { idempotencyKey: `billing-subscription-${intent.id}` },
      );
    } catch (error) {
      throw providerFailure(error);
    }
    const provider = readProviderSubscription(subscription);
    const now = ctx.clock.now();
    // The subscription and the tenant's plan in one transaction: the product policies follow at once.
    await ctx.db.transaction(async (tx) => {
      await repo.insertSubscription(tx, {
        tenantId: auth.tenantId,
        id: newId(),
        productId: price.product.id,
        priceItemId: price.item.id,
        status: provider.status,
        providerCustomerId: customerId,
        providerSubscriptionId: subscription.id,
        providerSubscriptionItemId: provider.itemId,
        ...cardColumns(paymentMethodId, card),
        currentPeriodEnd: provider.currentPeriodEnd,
        cancelAtPeriodEnd: provider.cancelAtPeriodEnd,
        registrationId: null,
        createdAt: now,
        updatedAt: now,
      });
      if (isLiveStatus(provider.status)) await repo.setTenantPlan(tx, auth.tenantId, price.product.code, now);
    });
  };

  const changeCard = async (auth: AuthContext, confirmed: Awaited<ReturnType<typeof confirmedIntent>>) => {
    const { intent, paymentMethodId, customerId, card } = confirmed;
    const live = await liveSubscription(auth.tenantId);
    if (!live) throw conflict('There is no paid subscription whose card could change.');
    try {
      await stripe.customers.update(
        customerId,
        { invoice_settings: { default_payment_method: paymentMethodId } },
        { idempotencyKey: `billing-default-card-${intent.id}` },
      );
      await stripe.subscriptions.update(
        live.providerSubscriptionId,
        { default_payment_method: paymentMethodId },
        { idempotencyKey: `billing-subscription-card-${intent.id}` },
      );
    } catch (error) {
      throw providerFailure(error);
    }
    await repo.updateSubscription(ctx.db, auth.tenantId, live.id, { ...cardColumns(paymentMethodId, card), updatedAt: ctx.clock.now() });
  };

  const complete = async (auth: AuthContext, setupIntentId: string, clientSecret: string): Promise<void> => {
    const confirmed = await confirmedIntent(auth, setupIntentId, clientSecret);
    // A double click or a second tab must not make two subscriptions or race on the card.
    await oneAtATime(auth.tenantId, () =>
      confirmed.intent.metadata?.purpose === 'upgrade' ? upgrade(auth, confirmed) : changeCard(auth, confirmed),
    );
  };

  /** The tenant's invoices at the provider (every customer it has had), newest first. */
  const invoices = async (tenantId: string): Promise<Invoice[]> => {
    const owned = await ctx.db
      .selectDistinct({ id: subscriptions.providerCustomerId })
      .from(subscriptions)
      .where(eq(subscriptions.tenantId, tenantId));
    const kept = await ctx.db
      .select({ id: billingCustomers.providerCustomerId })
      .from(billingCustomers)
      .where(eq(billingCustomers.tenantId, tenantId));
    const customers = [...new Set([...owned, ...kept].map((row) => row.id))];
    const found: Stripe.Invoice[] = [];
    for (const customer of customers) {
      const page = await stripe.invoices.list({ customer, limit: 24 });
      found.push(...page.data);
    }
    return found
      .sort((a, b) => b.created - a.created)
      .map((invoice) => ({
        Id: invoice.id ?? '',
        Number: invoice.number ?? null,
        Date: new Date(invoice.created * 1000).toISOString(),
        PeriodStart: invoice.period_start ? new Date(invoice.period_start * 1000).toISOString() : null,
        PeriodEnd: invoice.period_end ? new Date(invoice.period_end * 1000).toISOString() : null,
        Description:
          invoice.lines.data
            .map((line) => line.description)
            .filter(Boolean)
            .join('; ') ||
          (invoice.description ?? 'Subscription'),
        Amount: toDollars(invoice.total),
        AmountPaid: toDollars(invoice.amount_paid),
        Status: invoice.status ?? 'draft',
        Url: invoice.hosted_invoice_url ?? null,
      }));
  };

  return { start, complete, invoices };
};
