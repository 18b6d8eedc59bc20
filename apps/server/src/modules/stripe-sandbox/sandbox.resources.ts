import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { findPriceByProviderId, type PriceWithProduct } from '../products/index.ts';
import { checkCard } from './sandbox-cards.ts';
import { type FormObject, formList, formObject, formString, mergeMetadata } from './form-body.ts';
import { createPaidInvoice, listInvoices, subscriptionLine, unusedTimeLine } from './sandbox-invoices.ts';
import { getObject, putObject, recordEvent, sandboxId } from './sandbox.store.ts';
import type { SandboxObject } from '../../schema/stripe-sandbox.ts';

/** A Stripe API error: the status and the `error` object of Stripe's answer. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: { type: string; code?: string; message: string; param?: string; decline_code?: string; setup_intent?: unknown },
  ) {
    super(error.message);
  }
}

const missing = (kind: string, id: string) =>
  new StripeApiError(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${id}'`, param: 'id' });
const invalid = (message: string, param?: string) =>
  new StripeApiError(400, { type: 'invalid_request_error', message, ...(param ? { param } : {}) });

type Obj = SandboxObject;
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const metadataOf = (object: Obj): Record<string, string> => (object.metadata as Record<string, string> | undefined) ?? {};

const addressOf = (form: FormObject | undefined) =>
  form
    ? {
        line1: formString(form.line1) ?? null,
        line2: formString(form.line2) ?? null,
        city: formString(form.city) ?? null,
        state: formString(form.state) ?? null,
        postal_code: formString(form.postal_code) ?? null,
        country: formString(form.country) ?? null,
      }
    : null;

export const createSandboxResources = (db: Db, now: () => Date) => {
  const load = async (id: string, object: string, label = object) => {
    const found = await getObject(db, id, object);
    if (!found) throw missing(label, id);
    return found;
  };

  const priceObject = (price: PriceWithProduct) => ({
    id: price.item.providerPriceId,
    object: 'price',
    active: price.product.active,
    currency: 'usd',
    unit_amount: Math.max(0, price.item.priceCents - price.item.discountCents) * (price.item.priceTypeId === 2 ? 12 : 1),
    recurring: { interval: price.item.priceTypeId === 2 ? 'year' : 'month', interval_count: 1 },
    product: `prod_${price.product.code}`,
    type: 'recurring',
    livemode: false,
  });

  const loadPrice = async (id: string) => {
    const price = await findPriceByProviderId(db, id);
    if (!price?.item.providerPriceId) throw missing('price', id);
    return priceObject(price);
  };

  type Price = ReturnType<typeof priceObject>;
  /** Stripe's proration_date (seconds), or now: the instant the unused time is measured from. */
  const prorationDateOf = (value: string | undefined): number => (value && /^\d+$/.test(value) ? Number(value) : seconds(now()));

  /** A new price starts a new period at once: credit the unused old period (from `at`), charge the new one. */
  const changeLines = (subscription: Obj, price: Price, at: number) => {
    const before = (subscription.items as { data: Record<string, unknown>[] }).data[0] as Record<string, unknown>;
    const start = new Date(at * 1000);
    const credit = unusedTimeLine(before.price as Price, Number(before.current_period_start), Number(before.current_period_end), at);
    const charge = subscriptionLine(price, at, seconds(periodEnd(start, price.recurring.interval)));
    return credit ? [credit, charge] : [charge];
  };

  const periodEnd = (start: Date, interval: string) => {
    const end = new Date(start);
    if (interval === 'year') end.setUTCFullYear(end.getUTCFullYear() + 1);
    else end.setUTCMonth(end.getUTCMonth() + 1);
    return end;
  };

  return {
    createCustomer: async (form: FormObject) => {
      const customer: Obj = {
        id: sandboxId('cus'),
        object: 'customer',
        created: seconds(now()),
        email: formString(form.email) ?? null,
        name: formString(form.name) ?? null,
        address: addressOf(formObject(form.address)),
        metadata: mergeMetadata({}, form.metadata),
        invoice_settings: { default_payment_method: null },
        livemode: false,
      };
      await putObject(db, customer, now());
      return customer;
    },
    getCustomer: (id: string) => load(id, 'customer'),
    updateCustomer: async (id: string, form: FormObject) => {
      const customer = await load(id, 'customer');
      const settings = formObject(form.invoice_settings);
      const defaultPm = formString(settings?.default_payment_method);
      if (defaultPm) await load(defaultPm, 'payment_method', 'PaymentMethod');
      const next: Obj = {
        ...customer,
        ...(formString(form.name) !== undefined ? { name: formString(form.name) } : {}),
        ...(formString(form.email) !== undefined ? { email: formString(form.email) } : {}),
        ...(formObject(form.address) ? { address: addressOf(formObject(form.address)) } : {}),
        metadata: mergeMetadata(metadataOf(customer), form.metadata),
        invoice_settings: defaultPm ? { default_payment_method: defaultPm } : customer.invoice_settings,
      };
      await putObject(db, next, now());
      return next;
    },

    createSetupIntent: async (form: FormObject) => {
      const customer = formString(form.customer);
      if (customer) await load(customer, 'customer');
      const id = sandboxId('seti');
      const intent: Obj = {
        id,
        object: 'setup_intent',
        client_secret: `${id}_secret_${randomBytes(18).toString('base64url')}`,
        customer: customer ?? null,
        status: 'requires_payment_method',
        usage: formString(form.usage) ?? 'off_session',
        payment_method: null,
        payment_method_types: ['card'],
        metadata: mergeMetadata({}, form.metadata),
        last_setup_error: null,
        next_action: null,
        created: seconds(now()),
        livemode: false,
      };
      await putObject(db, intent, now());
      return intent;
    },
    getSetupIntent: (id: string) => load(id, 'setup_intent'),
    updateSetupIntent: async (id: string, form: FormObject) => {
      const intent = await load(id, 'setup_intent');
      if (intent.status === 'succeeded' || intent.status === 'canceled') {
        throw invalid(`You cannot update this SetupIntent because it has a status of ${String(intent.status)}.`);
      }
      const next: Obj = { ...intent, metadata: mergeMetadata(metadataOf(intent), form.metadata) };
      await putObject(db, next, now());
      return next;
    },
    /** Confirms with card details (payment_method_data[card][…]), as Stripe.js does for the card form. */
    confirmSetupIntent: async (id: string, form: FormObject) => {
      const intent = await load(id, 'setup_intent');
      if (intent.status === 'succeeded') {
        throw invalid('You cannot confirm this SetupIntent because it has already succeeded.');
      }
      if (intent.status === 'canceled') throw invalid('You cannot confirm this SetupIntent because it has been canceled.');
      const card = formObject(formObject(form.payment_method_data)?.card);
      if (!card) throw invalid('Missing required param: payment_method_data[card].', 'payment_method_data');
      const outcome = checkCard(card, now());
      if (!outcome.ok) {
        const lastError = {
          type: 'card_error',
          code: outcome.error.code,
          message: outcome.error.message,
          ...(outcome.error.declineCode ? { decline_code: outcome.error.declineCode } : {}),
          ...(outcome.error.param ? { param: outcome.error.param } : {}),
        };
        const failed: Obj = { ...intent, status: 'requires_payment_method', last_setup_error: lastError };
        await putObject(db, failed, now());
        throw new StripeApiError(402, { ...lastError, setup_intent: failed });
      }
      const billing = formObject(formObject(form.payment_method_data)?.billing_details);
      const paymentMethod: Obj = {
        id: sandboxId('pm'),
        object: 'payment_method',
        type: 'card',
        card: {
          brand: outcome.brand,
          last4: outcome.last4,
          exp_month: outcome.expMonth,
          exp_year: outcome.expYear,
          funding: outcome.funding,
          country: 'US',
        },
        billing_details: {
          name: formString(billing?.name) ?? null,
          email: formString(billing?.email) ?? null,
          address: addressOf(formObject(billing?.address)),
        },
        customer: intent.customer ?? null,
        metadata: {},
        created: seconds(now()),
        livemode: false,
      };
      await putObject(db, paymentMethod, now());
      const succeeded: Obj = { ...intent, status: 'succeeded', payment_method: paymentMethod.id, last_setup_error: null };
      await putObject(db, succeeded, now());
      await recordEvent(db, 'setup_intent.succeeded', succeeded, now());
      return succeeded;
    },

    getPaymentMethod: (id: string) => load(id, 'payment_method', 'PaymentMethod'),
    getPrice: loadPrice,

    createSubscription: async (form: FormObject) => {
      const customerId = formString(form.customer);
      if (!customerId) throw invalid('Missing required param: customer.', 'customer');
      const customer = await load(customerId, 'customer');
      const items = formList(form.items);
      const priceId = formString(items[0]?.price);
      if (items.length !== 1 || !priceId) throw invalid('Exactly one item with a price is supported by the sandbox.', 'items');
      const price = await loadPrice(priceId);
      const paymentMethod =
        formString(form.default_payment_method) ??
        (customer.invoice_settings as { default_payment_method: string | null } | undefined)?.default_payment_method ??
        undefined;
      if (!paymentMethod) {
        throw invalid('This customer has no attached payment source or default payment method.', 'default_payment_method');
      }
      await load(paymentMethod, 'payment_method', 'PaymentMethod');
      const start = now();
      const id = sandboxId('sub');
      const subscription: Obj = {
        id,
        object: 'subscription',
        customer: customerId,
        status: 'active',
        cancel_at_period_end: false,
        canceled_at: null,
        default_payment_method: paymentMethod,
        metadata: mergeMetadata({}, form.metadata),
        start_date: seconds(start),
        created: seconds(start),
        livemode: false,
        items: {
          object: 'list',
          has_more: false,
          data: [
            {
              id: sandboxId('si'),
              object: 'subscription_item',
              price,
              quantity: 1,
              subscription: id,
              current_period_start: seconds(start),
              current_period_end: seconds(periodEnd(start, price.recurring.interval)),
            },
          ],
        },
      };
      await putObject(db, subscription, start);
      await recordEvent(db, 'customer.subscription.created', subscription, start);
      await createPaidInvoice(db, {
        customerId,
        subscriptionId: id,
        reason: 'subscription_create',
        lines: [subscriptionLine(price, seconds(start), seconds(periodEnd(start, price.recurring.interval)))],
        now: start,
      });
      return subscription;
    },
    getSubscription: (id: string) => load(id, 'subscription'),
    updateSubscription: async (id: string, form: FormObject) => {
      const subscription = await load(id, 'subscription');
      if (subscription.status === 'canceled')
        throw invalid('A canceled subscription can only update its cancellation_details and metadata.');
      const previous: Record<string, unknown> = {};
      let next: Obj = { ...subscription, metadata: mergeMetadata(metadataOf(subscription), form.metadata) };
      const defaultPaymentMethod = formString(form.default_payment_method);
      if (defaultPaymentMethod) {
        await load(defaultPaymentMethod, 'payment_method', 'PaymentMethod');
        previous.default_payment_method = subscription.default_payment_method;
        next = { ...next, default_payment_method: defaultPaymentMethod };
      }
      const cancelAtPeriodEnd = formString(form.cancel_at_period_end);
      if (cancelAtPeriodEnd !== undefined) {
        previous.cancel_at_period_end = subscription.cancel_at_period_end;
        next = {
          ...next,
          cancel_at_period_end: cancelAtPeriodEnd === 'true',
          canceled_at: cancelAtPeriodEnd === 'true' ? seconds(now()) : null,
        };
      }
      const items = formList(form.items);
      if (items.length > 0) {
        const current = (subscription.items as { data: Record<string, unknown>[] }).data[0];
        const priceId = formString(items[0]?.price);
        if (!current || formString(items[0]?.id) !== current.id || !priceId)
          throw invalid('Give the subscription item id and the new price.', 'items');
        const price = await loadPrice(priceId);
        const start = now();
        previous.items = subscription.items;
        next = {
          ...next,
          items: {
            object: 'list',
            has_more: false,
            data: [
              {
                ...current,
                price,
                current_period_start: seconds(start),
                current_period_end: seconds(periodEnd(start, price.recurring.interval)),
              },
            ],
          },
        };
      }
      await putObject(db, next, now());
      await recordEvent(db, 'customer.subscription.updated', next, now(), previous);
      if (previous.items) {
        const after = (next.items as { data: Record<string, unknown>[] }).data[0] as Record<string, unknown>;
        await createPaidInvoice(db, {
          customerId: String(subscription.customer),
          subscriptionId: id,
          reason: 'subscription_update',
          lines: changeLines(subscription, after.price as Price, prorationDateOf(formString(form.proration_date))),
          now: now(),
        });
      }
      return next;
    },
    /** POST /v1/invoices/create_preview for a price change: the lines and total an update would invoice, nothing stored. */
    previewInvoice: async (form: FormObject) => {
      const subscriptionId = formString(form.subscription);
      if (!subscriptionId) throw invalid('The sandbox previews subscription changes only: give subscription.', 'subscription');
      const subscription = await load(subscriptionId, 'subscription');
      const details = formObject(form.subscription_details);
      const priceId = formString(formList(details?.items)[0]?.price);
      if (!priceId) throw invalid('Give subscription_details[items][0][price].', 'subscription_details');
      const lines = changeLines(subscription, await loadPrice(priceId), prorationDateOf(formString(details?.proration_date)));
      const total = lines.reduce((sum, line) => sum + line.amount, 0);
      return {
        object: 'invoice',
        customer: subscription.customer,
        currency: 'usd',
        subtotal: total,
        total,
        amount_due: Math.max(0, total),
        lines: {
          object: 'list',
          has_more: false,
          data: lines.map((line) => ({
            object: 'line_item',
            amount: line.amount,
            description: line.description,
            proration: line.proration,
          })),
        },
        livemode: false,
      };
    },
    getInvoice: (id: string) => load(id, 'invoice', 'invoice'),
    listInvoices: (form: FormObject) => {
      const limit = Math.min(100, Math.max(1, Number(formString(form.limit) ?? 10) || 10));
      return listInvoices(db, formString(form.customer), limit);
    },
    cancelSubscription: async (id: string) => {
      const subscription = await load(id, 'subscription');
      const next: Obj = { ...subscription, status: 'canceled', canceled_at: seconds(now()), ended_at: seconds(now()) };
      await putObject(db, next, now());
      await recordEvent(db, 'customer.subscription.deleted', next, now());
      return next;
    },
  };
};
export type SandboxResources = ReturnType<typeof createSandboxResources>;
