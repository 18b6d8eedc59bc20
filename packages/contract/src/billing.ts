import { z } from 'zod';
import { IdSchema, InstantSchema, MoneySchema, ProviderIdSchema, ProviderSecretSchema } from './common.ts';
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

export const ChangePreviewSchema = z.object({
  Lines: z
    .array(z.object({ Description: z.string(), Amount: MoneySchema.describe('US dollars; negative for a credit') }))
    .describe('What the change invoices today: the credit for the unused time and the new plan'),
  Total: MoneySchema.describe('Charged today when the change is confirmed today (negative: a credit kept for the next invoices)'),
  ClosingAreas: z.array(z.string()).describe('The areas the new plan does not include (their data stays)'),
});
export type ChangePreview = z.infer<typeof ChangePreviewSchema>;

export const CancelSubscriptionRequestSchema = z.object({
  CancelAtPeriodEnd: z.boolean().describe('true cancels at the end of the period; false keeps the subscription'),
});

/** What a card setup is for: a Starter account's first paid plan, or a new card for the paid plan. */
export const CARD_SETUP_PURPOSES = ['upgrade', 'card'] as const;

// One flat object, not a discriminated union: the union's parser would ship in every page's shared
// zod chunk. The server names ProductId or BillingCycle when an upgrade leaves one out.
export const StartCardSetupRequestSchema = z.object({
  Purpose: z.enum(CARD_SETUP_PURPOSES),
  ProductId: IdSchema.optional().describe('The paid plan; required when Purpose is upgrade'),
  BillingCycle: BillingCycleSchema.optional().describe('Required when Purpose is upgrade'),
});
export type StartCardSetupRequest = z.infer<typeof StartCardSetupRequestSchema>;

export const CardSetupSchema = z.object({
  SetupToken: z.string().describe("The SetupIntent's client secret, for the card form"),
  PublicKey: z.string().describe("The card provider's publishable key"),
  Sandbox: z.boolean().describe('True when the built-in payment sandbox stands in for Stripe'),
  Total: MoneySchema.nullable().describe('Due today for an upgrade; null for a card change'),
});
export type CardSetup = z.infer<typeof CardSetupSchema>;

export const CompleteCardSetupRequestSchema = z.object({
  SetupIntentId: ProviderIdSchema,
  ClientSecret: ProviderSecretSchema,
});

export const InvoiceSchema = z.object({
  Id: z.string(),
  Number: z.string().nullable(),
  Date: InstantSchema.describe('When the invoice was issued'),
  PeriodStart: InstantSchema.nullable(),
  PeriodEnd: InstantSchema.nullable(),
  Description: z.string(),
  Amount: MoneySchema.describe('Total, US dollars (negative for a credit)'),
  AmountPaid: MoneySchema,
  Status: z.string().describe("'paid', 'open', 'void', …"),
  Url: z.string().nullable().describe("The provider's page for the invoice, when it has one"),
});
export type Invoice = z.infer<typeof InvoiceSchema>;

export const InvoiceDetailSchema = InvoiceSchema.extend({
  Company: z.string().describe("The account's name, as the invoice is addressed"),
  CustomerEmail: z.string().nullable().describe('The address the provider sends the invoice to, when it has one'),
  PaidAt: InstantSchema.nullable(),
  Lines: z.array(
    z.object({
      Description: z.string(),
      PeriodStart: InstantSchema.nullable(),
      PeriodEnd: InstantSchema.nullable(),
      Amount: MoneySchema.describe('US dollars; negative for a credit (unused time of the previous plan)'),
    }),
  ),
  Subtotal: MoneySchema,
  AppliedBalance: MoneySchema.describe('Credit from earlier invoices taken off this one (0 when none)'),
  AmountDue: MoneySchema,
  Credit: MoneySchema.describe('When the total is negative: the credit kept for the next invoices (0 otherwise)'),
  PdfUrl: z.string().nullable().describe("The provider's PDF of the invoice, when it has one"),
});
export type InvoiceDetail = z.infer<typeof InvoiceDetailSchema>;

export const GetInvoiceRequestSchema = z.object({ Id: ProviderIdSchema.describe('The invoice id, as GetInvoices lists it') });

export const billingRoutes = defineRoutes({
  startCardSetup: {
    method: 'POST',
    path: '/api/BillingClient/StartCardSetup',
    access: 'Account.Billing',
    summary: 'Start a card setup (SetupIntent): to move a Starter account to a paid plan, or to change the card on file (Owner).',
    body: StartCardSetupRequestSchema,
    response: CardSetupSchema,
    tags: ['billing'],
  },
  completeCardSetup: {
    method: 'POST',
    path: '/api/BillingClient/CompleteCardSetup',
    access: 'Account.Billing',
    summary:
      'After the card form confirmed the SetupIntent: start the paid plan (the product policies follow at once) or put the new card on file (Owner).',
    body: CompleteCardSetupRequestSchema,
    response: SubscriptionSchema,
    tags: ['billing'],
  },
  getInvoices: {
    method: 'POST',
    path: '/api/BillingClient/GetInvoices',
    access: 'Account.Billing',
    summary: "The account's invoices from the card provider, newest first (Owner).",
    body: z.object({}).optional(),
    response: z.array(InvoiceSchema),
    tags: ['billing'],
  },
  getInvoice: {
    method: 'POST',
    path: '/api/BillingClient/GetInvoice',
    access: 'Account.Billing',
    summary: "One of the account's invoices with its lines, for printing or saving as PDF (Owner). Another account's invoice is 404.",
    body: GetInvoiceRequestSchema,
    response: InvoiceDetailSchema,
    tags: ['billing'],
  },
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
  previewChange: {
    method: 'POST',
    path: '/api/BillingClient/PreviewChange',
    access: 'Account.Billing',
    summary: 'What changing to another paid plan or billing cycle charges today (prorated) and which areas close (Owner).',
    body: ChangeSubscriptionRequestSchema,
    response: ChangePreviewSchema,
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
