import { billingCycleOf, type PaymentSetupRequest } from '@plansmith/contract';
import type Stripe from 'stripe';
import type { AppContext } from '../../context.ts';
import { cardErrorMessage, type ProviderOutcomes, providerFailure } from '../../plugins/errors.ts';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-errors.ts';
import { newId } from '../../lib/ids.ts';
import { createKeyedLock } from '../../lib/keyed-lock.ts';
import { toDollars } from '../../lib/money.ts';
import { readProviderSubscription, isLiveStatus } from '../billing/index.ts';
import * as billing from '../billing/index.ts';
import { findPriceByProviderId, findPriceItem, periodAmountCents } from '../products/index.ts';
import { recordSecurityEvent } from '../audit/index.ts';
import { issueTokens } from '../identity/index.ts';
import { findRegistration, updateRegistration } from '../registration/index.ts';
import { findUserProfile } from '../tenants/index.ts';
import { isSandboxMode, stripeKeysOf } from '../stripe-sandbox/index.ts';

const NOT_VERIFIED = 'The sign-up was not found, or its email is not verified yet.';
const NOT_YOURS = 'This payment does not belong to your sign-up.';
const REUSABLE_INTENT = new Set(['requires_payment_method', 'requires_confirmation', 'requires_action']);

/** The sign-up's own answers to a missing payment and to another instance's finalize still running (plugins/errors.ts maps the rest). */
const paymentOutcomes = (): ProviderOutcomes => ({
  missing: badRequest('The payment could not be found at the card provider.'),
  busy: new HttpError(409, 'This payment is already being processed. Please wait a moment and try again.'),
});

export const createPaymentsService = (ctx: AppContext, stripe: Stripe) => {
  /** A verified registration (its tenant and Owner exist), or 404. */
  /** The sign-up once its email is verified (it then has its tenant and user), else null. */
  const findVerifiedRegistration = async (applicationId: string) => {
    const registration = await findRegistration(ctx.db, applicationId);
    if (!registration?.tenantId || !registration.userId) return null;
    return { ...registration, tenantId: registration.tenantId, userId: registration.userId };
  };

  const verifiedRegistration = async (applicationId: string) => {
    const registration = await findVerifiedRegistration(applicationId);
    if (!registration) throw notFound('The sign-up');
    return registration;
  };

  const oneAtATime = createKeyedLock();

  const finalizeRegistration = async (
    registration: Awaited<ReturnType<typeof verifiedRegistration>>,
    setupIntentId: string,
    clientSecret: string,
    ip: string,
  ) => {
    let intent: Stripe.SetupIntent;
    try {
      intent = await stripe.setupIntents.retrieve(setupIntentId);
    } catch (error) {
      throw providerFailure(error, paymentOutcomes());
    }
    if (intent.metadata?.registration_id !== registration.id || intent.client_secret !== clientSecret) throw badRequest(NOT_YOURS);
    if (intent.status !== 'succeeded') {
      throw new HttpError(
        402,
        intent.last_setup_error
          ? cardErrorMessage(intent.last_setup_error)
          : 'Your card has not been confirmed. Please enter your card details again.',
      );
    }
    const paymentMethodId = typeof intent.payment_method === 'string' ? intent.payment_method : intent.payment_method?.id;
    const customerId = typeof intent.customer === 'string' ? intent.customer : intent.customer?.id;
    const price = intent.metadata.price_id ? await findPriceByProviderId(ctx.db, intent.metadata.price_id) : null;
    if (!paymentMethodId || !customerId || !price?.item.providerPriceId)
      throw badRequest('The payment setup is incomplete. Please start the payment again.');

    const existing = await billing.findByRegistration(ctx.db, registration.id);
    if (existing) {
      const granted = await findPriceItem(ctx.db, existing.priceItemId);
      return {
        PlanName: granted?.product.name ?? price.product.name,
        BillingCycle: billingCycleOf(granted?.item.priceTypeId ?? price.item.priceTypeId),
        Status: existing.status,
        // A repeat (a reload, a second tab) never signs anyone in: the first answer did.
        Session: null,
      };
    }

    let subscription: Stripe.Subscription;
    let card: Stripe.PaymentMethod.Card | undefined;
    try {
      await stripe.customers.update(
        customerId,
        { invoice_settings: { default_payment_method: paymentMethodId } },
        { idempotencyKey: `default-payment-method-${intent.id}` },
      );
      subscription = await stripe.subscriptions.create(
        {
          customer: customerId,
          items: [{ price: price.item.providerPriceId }],
          default_payment_method: paymentMethodId,
          metadata: { registration_id: registration.id, tenant_id: registration.tenantId },
        },
        { idempotencyKey: `subscription-${registration.id}` },
      );
      card = (await stripe.paymentMethods.retrieve(paymentMethodId)).card ?? undefined;
    } catch (error) {
      throw providerFailure(error, paymentOutcomes());
    }
    const provider = readProviderSubscription(subscription);
    const now = ctx.clock.now();
    await ctx.db.transaction(async (tx) => {
      await billing.insertSubscription(tx, {
        tenantId: registration.tenantId,
        id: newId(),
        productId: price.product.id,
        priceItemId: price.item.id,
        status: provider.status,
        providerCustomerId: customerId,
        providerSubscriptionId: subscription.id,
        providerSubscriptionItemId: provider.itemId,
        providerPaymentMethodId: paymentMethodId,
        cardBrand: card?.brand ?? null,
        cardLast4: card?.last4 ?? null,
        cardExpMonth: card?.exp_month ?? null,
        cardExpYear: card?.exp_year ?? null,
        currentPeriodEnd: provider.currentPeriodEnd,
        cancelAtPeriodEnd: provider.cancelAtPeriodEnd,
        registrationId: registration.id,
        createdAt: now,
        updatedAt: now,
      });
      if (isLiveStatus(provider.status)) await billing.setTenantPlan(tx, registration.tenantId, price.product.code, now);
    });
    // The person who just set their password and paid is signed in: the call carries the SetupIntent's
    // client secret, which only their browser holds, and it signs in once (a repeat answers null).
    const owner = await findUserProfile(ctx.db, registration.tenantId, registration.userId);
    // The audit log records that sign-in like any other (DESIGN.md §18), with the session it starts.
    const session =
      owner?.active && owner.passwordHash
        ? await ctx.db.transaction(async (tx) => {
            const tokens = await issueTokens(ctx, tx, owner);
            await recordSecurityEvent(tx, {
              tenantId: owner.tenantId,
              kind: 'sign_in',
              userId: owner.id,
              subjectUserId: owner.id,
              email: owner.email,
              ip,
              entityType: 'User',
              entityId: owner.id,
              summary: `Signed in as ${owner.email} on paying for the ${price.product.name} plan`,
              at: ctx.clock.now(),
            });
            return tokens;
          })
        : null;
    return {
      PlanName: price.product.name,
      BillingCycle: billingCycleOf(price.item.priceTypeId),
      Status: provider.status,
      Session: session,
    };
  };

  return {
    initialize: async (applicationId: string) => {
      if (!(await findVerifiedRegistration(applicationId))) throw badRequest(NOT_VERIFIED);
      return { PublicKey: stripeKeysOf(ctx.config).publishableKey, Sandbox: isSandboxMode(ctx.config) };
    },

    /** Creates or reuses the customer and a SetupIntent bound to this registration and price. */
    getPaymentSetup: async (request: PaymentSetupRequest) => {
      const registration = await verifiedRegistration(request.ApplicationId);
      const customerInfo = request.Info.Customer;
      if (customerInfo.ApplicationId !== registration.id || customerInfo.UserId !== registration.userId) throw badRequest(NOT_YOURS);
      if (await billing.findByRegistration(ctx.db, registration.id)) throw conflict('This sign-up already has a paid plan.');
      const price = await findPriceByProviderId(ctx.db, request.Info.PriceId);
      if (!price || price.product.id !== request.Info.ProductId || !price.product.active) {
        throw badRequest('Please select one of the plans above to continue.');
      }
      if (price.product.code === 'starter') throw badRequest('The Starter plan is free and needs no payment.');

      const address = {
        line1: customerInfo.AddressLine1,
        line2: customerInfo.AddressLine2 ?? '',
        city: customerInfo.City,
        state: customerInfo.State,
        postal_code: customerInfo.PostalCode,
        country: customerInfo.Country,
      };
      const metadata = { registration_id: registration.id, tenant_id: registration.tenantId, price_id: request.Info.PriceId };
      try {
        let customerId = registration.providerCustomerId;
        if (!customerId) {
          const customer = await stripe.customers.create(
            {
              name: customerInfo.Name,
              email: registration.email,
              address,
              metadata: { registration_id: registration.id, tenant_id: registration.tenantId },
            },
            { idempotencyKey: `customer-${registration.id}` },
          );
          customerId = customer.id;
        } else {
          await stripe.customers.update(customerId, { name: customerInfo.Name, address }, { idempotencyKey: `customer-update-${newId()}` });
        }

        let intent: Stripe.SetupIntent | null = null;
        if (registration.providerSetupIntentId) {
          const previous = await stripe.setupIntents.retrieve(registration.providerSetupIntentId);
          if (REUSABLE_INTENT.has(previous.status)) {
            intent =
              previous.metadata?.price_id === request.Info.PriceId
                ? previous
                : await stripe.setupIntents.update(
                    previous.id,
                    { metadata },
                    { idempotencyKey: `setup-intent-update-${previous.id}-${request.Info.PriceId}` },
                  );
          }
        }
        intent ??= await stripe.setupIntents.create(
          { customer: customerId, usage: 'off_session', metadata },
          { idempotencyKey: `setup-intent-${registration.id}-${registration.providerSetupIntentId ?? 'first'}` },
        );
        await updateRegistration(ctx.db, registration.id, {
          providerCustomerId: customerId,
          providerSetupIntentId: intent.id,
          priceItemId: price.item.id,
          billingAddress: {
            AddressLine1: customerInfo.AddressLine1,
            AddressLine2: customerInfo.AddressLine2 ?? null,
            City: customerInfo.City,
            State: customerInfo.State,
            PostalCode: customerInfo.PostalCode,
            Country: customerInfo.Country,
          },
          updatedAt: ctx.clock.now(),
        });
        if (!intent.client_secret) throw new Error('SetupIntent without a client secret');
        return { SetupToken: intent.client_secret, Total: toDollars(periodAmountCents(price.item)), SessionToken: intent.id };
      } catch (error) {
        throw providerFailure(error, paymentOutcomes());
      }
    },

    /**
     * Checks the confirmed SetupIntent, makes the card the customer's default, creates the
     * subscription and grants the plan. Repeating it answers the same subscription.
     */
    finalize: async (applicationId: string, setupIntentId: string, clientSecret: string, ip: string) => {
      const registration = await verifiedRegistration(applicationId);
      // Two finalizes of one sign-up at once (a double click, two tabs) must make one subscription.
      return oneAtATime(registration.id, () => finalizeRegistration(registration, setupIntentId, clientSecret, ip));
    },
  };
};
