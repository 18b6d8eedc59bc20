import { z } from 'zod';
import { IdSchema, InstantSchema, MoneySchema } from './common.ts';
import { BillingCycleSchema } from './products.ts';
import { defineRoutes } from './route.ts';
import { PlanCodeSchema } from './tenants.ts';

export const SubscriptionSchema = z.object({
  PlanCode: PlanCodeSchema,
  PlanName: z.string(),
  ProductId: IdSchema.nullable(),
  BillingCycle: BillingCycleSchema.nullable().describe('Null on the free Starter plan'),
  Status: z.string().describe("'active', 'trialing', 'past_due', 'canceled' … or 'free' for Starter"),
  PerMonth: MoneySchema.describe('Price per month, US dollars'),
  NextChargeAmount: MoneySchema.nullable(),
  NextChargeDate: InstantSchema.nullable(),
  CancelAtPeriodEnd: z.boolean(),
  PaymentMethod: z.object({ Brand: z.string(), Last4: z.string(), ExpMonth: z.number(), ExpYear: z.number() }).nullable(),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

export const ChangeSubscriptionRequestSchema = z.object({
  ProductId: IdSchema,
  BillingCycle: BillingCycleSchema,
});

export const CancelSubscriptionRequestSchema = z.object({
  CancelAtPeriodEnd: z.boolean().describe('true cancels at the end of the period; false keeps the subscription'),
});

export const billingRoutes = defineRoutes({
  getSubscription: {
    method: 'POST',
    path: '/api/BillingClient/GetSubscription',
    access: 'Account.Billing',
    summary: 'The tenant’s plan, billing cycle, next charge and payment method (Owner).',
    body: z.object({}).optional(),
    response: SubscriptionSchema,
    tags: ['billing'],
  },
  changeSubscription: {
    method: 'POST',
    path: '/api/BillingClient/ChangeSubscription',
    access: 'Account.Billing',
    summary: 'Move the subscription to another paid plan or billing cycle (Owner).',
    body: ChangeSubscriptionRequestSchema,
    response: SubscriptionSchema,
    tags: ['billing'],
  },
  cancelSubscription: {
    method: 'POST',
    path: '/api/BillingClient/CancelSubscription',
    access: 'Account.Billing',
    summary: 'Cancel at the end of the period, or undo that (Owner).',
    body: CancelSubscriptionRequestSchema,
    response: SubscriptionSchema,
    tags: ['billing'],
  },
});

/** Path of the card provider's webhook (signed; not a contract route: it reads the raw body). */
export const PAYMENT_WEBHOOK_PATH = '/guest/paymentregister/webhook';
