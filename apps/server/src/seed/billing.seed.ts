import type { Db } from '../db/client.ts';
import { subscriptions } from '../schema/billing.ts';
import { sandboxObjects } from '../schema/stripe-sandbox.ts';
import { DEMO, type DemoSeedOptions } from './demo-ids.ts';

const PERFORMANCE = { productId: '4f0d7c1e-6a2b-4c39-8e51-000000000003', annualPriceItemId: '4f0d7c1e-6a2b-4c39-8e51-000000000302' };
const IDS = {
  customer: 'cus_demoAcmeMarketing',
  paymentMethod: 'pm_demoAcmeVisa4242',
  subscription: 'sub_demoAcmePerformance',
  item: 'si_demoAcmePerformance',
  invoice: 'in_demoAcmePerformance',
};
const SUBSCRIPTION_ROW_ID = '6b1f3c2e-0d4a-4f7e-9a51-2c8e7d9b0f01';

/**
 * Acme Marketing's Performance plan, billed annually, paid with the sandbox's Visa 4242: our
 * subscription row and the payment sandbox's matching objects, so the billing page can show and
 * change it. (With real Stripe keys these provider ids are unknown to Stripe; the demo seed is
 * for development only.)
 */
export const seedDemoBilling = async (db: Db, options: DemoSeedOptions): Promise<void> => {
  const start = new Date();
  const end = new Date(start);
  end.setUTCFullYear(end.getUTCFullYear() + 1);
  const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
  const price = {
    id: 'price_performance_annual',
    object: 'price',
    active: true,
    currency: 'usd',
    unit_amount: 94_800,
    recurring: { interval: 'year', interval_count: 1 },
    product: 'prod_performance',
    type: 'recurring',
    livemode: false,
  };
  const objects = [
    {
      id: IDS.customer,
      object: 'customer',
      email: DEMO.users.owner.email,
      name: 'Acme Marketing',
      address: { line1: '1 Market St', line2: null, city: 'San Francisco', state: 'CA', postal_code: '94105', country: 'US' },
      metadata: { tenant_id: DEMO.tenantId },
      invoice_settings: { default_payment_method: IDS.paymentMethod },
      created: seconds(start),
      livemode: false,
    },
    {
      id: IDS.paymentMethod,
      object: 'payment_method',
      type: 'card',
      card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: start.getUTCFullYear() + 4, funding: 'credit', country: 'US' },
      billing_details: { name: 'Dana Demo', email: DEMO.users.owner.email, address: null },
      customer: IDS.customer,
      metadata: {},
      created: seconds(start),
      livemode: false,
    },
    {
      id: IDS.subscription,
      object: 'subscription',
      customer: IDS.customer,
      status: 'active',
      cancel_at_period_end: false,
      canceled_at: null,
      default_payment_method: IDS.paymentMethod,
      metadata: { tenant_id: DEMO.tenantId },
      start_date: seconds(start),
      created: seconds(start),
      livemode: false,
      items: {
        object: 'list',
        has_more: false,
        data: [
          {
            id: IDS.item,
            object: 'subscription_item',
            price,
            quantity: 1,
            subscription: IDS.subscription,
            current_period_start: seconds(start),
            current_period_end: seconds(end),
          },
        ],
      },
    },
    {
      // The first year's charge, so the billing page lists an invoice.
      id: IDS.invoice,
      object: 'invoice',
      customer: IDS.customer,
      number: 'DEMOACME-0001',
      status: 'paid',
      billing_reason: 'subscription_create',
      currency: 'usd',
      created: seconds(start),
      period_start: seconds(start),
      period_end: seconds(end),
      subtotal: price.unit_amount,
      total: price.unit_amount,
      amount_due: price.unit_amount,
      amount_paid: price.unit_amount,
      amount_remaining: 0,
      description: null,
      hosted_invoice_url: null,
      invoice_pdf: null,
      parent: { type: 'subscription_details', subscription_details: { subscription: IDS.subscription, metadata: {} } },
      status_transitions: { paid_at: seconds(start), finalized_at: seconds(start) },
      lines: {
        object: 'list',
        has_more: false,
        url: `/v1/invoices/${IDS.invoice}/lines`,
        data: [
          {
            id: 'il_demoAcmePerformance',
            object: 'line_item',
            amount: price.unit_amount,
            currency: 'usd',
            description: '1 × Plansmith Performance (at $948.00 / year)',
            period: { start: seconds(start), end: seconds(end) },
            livemode: false,
          },
        ],
      },
      livemode: false,
    },
  ];
  // Without the sandbox (Stripe keys set) its tables do not exist; the subscription row alone is seeded.
  if (options.sandbox) {
    await db
      .insert(sandboxObjects)
      .values(objects.map((data) => ({ id: data.id, object: data.object, data })))
      .onConflictDoNothing();
  }
  await db
    .insert(subscriptions)
    .values({
      tenantId: DEMO.tenantId,
      id: SUBSCRIPTION_ROW_ID,
      productId: PERFORMANCE.productId,
      priceItemId: PERFORMANCE.annualPriceItemId,
      status: 'active',
      providerCustomerId: IDS.customer,
      providerSubscriptionId: IDS.subscription,
      providerSubscriptionItemId: IDS.item,
      providerPaymentMethodId: IDS.paymentMethod,
      cardBrand: 'visa',
      cardLast4: '4242',
      cardExpMonth: 12,
      cardExpYear: start.getUTCFullYear() + 4,
      currentPeriodEnd: end,
    })
    .onConflictDoNothing();
};
