import { z } from 'zod';
import { IdSchema, MoneySchema, ProviderIdSchema, ProviderSecretSchema } from './common.ts';
import { EmailSchema, TokenResponseSchema } from './identity.ts';
import { defineRoutes } from './route.ts';

/** Country is fixed to the United States (SPEC.md §9). */
export const COUNTRIES = [{ code: 'US', name: 'United States' }] as const;

/** The 50 US states by two-letter code (SPEC.md §5). */
export const US_STATES = [
  ['AL', 'Alabama'],
  ['AK', 'Alaska'],
  ['AZ', 'Arizona'],
  ['AR', 'Arkansas'],
  ['CA', 'California'],
  ['CO', 'Colorado'],
  ['CT', 'Connecticut'],
  ['DE', 'Delaware'],
  ['FL', 'Florida'],
  ['GA', 'Georgia'],
  ['HI', 'Hawaii'],
  ['ID', 'Idaho'],
  ['IL', 'Illinois'],
  ['IN', 'Indiana'],
  ['IA', 'Iowa'],
  ['KS', 'Kansas'],
  ['KY', 'Kentucky'],
  ['LA', 'Louisiana'],
  ['ME', 'Maine'],
  ['MD', 'Maryland'],
  ['MA', 'Massachusetts'],
  ['MI', 'Michigan'],
  ['MN', 'Minnesota'],
  ['MS', 'Mississippi'],
  ['MO', 'Missouri'],
  ['MT', 'Montana'],
  ['NE', 'Nebraska'],
  ['NV', 'Nevada'],
  ['NH', 'New Hampshire'],
  ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'],
  ['NY', 'New York'],
  ['NC', 'North Carolina'],
  ['ND', 'North Dakota'],
  ['OH', 'Ohio'],
  ['OK', 'Oklahoma'],
  ['OR', 'Oregon'],
  ['PA', 'Pennsylvania'],
  ['RI', 'Rhode Island'],
  ['SC', 'South Carolina'],
  ['SD', 'South Dakota'],
  ['TN', 'Tennessee'],
  ['TX', 'Texas'],
  ['UT', 'Utah'],
  ['VT', 'Vermont'],
  ['VA', 'Virginia'],
  ['WA', 'Washington'],
  ['WV', 'West Virginia'],
  ['WI', 'Wisconsin'],
  ['WY', 'Wyoming'],
] as const satisfies readonly (readonly [string, string])[];
export type UsStateCode = (typeof US_STATES)[number][0];
const STATE_CODES = US_STATES.map(([code]) => code) as [UsStateCode, ...UsStateCode[]];

/** Billing form messages (SPEC.md §5 with DESIGN.md §7.2). */
export const BILLING_MESSAGES = {
  address1: 'Please provide an address 1!',
  city: 'Please provide a city!',
  postalCode: 'Please provide a postal code!',
  country: 'Please select a country!',
  state: 'Please select a state!',
  plan: 'Please select one of the plans above to continue.',
} as const;

const text = (message: string, max: number) => z.string({ error: message }).trim().min(1, message).max(max, `At most ${max} characters.`);

export const BillingAddressSchema = z.object({
  AddressLine1: text(BILLING_MESSAGES.address1, 200),
  AddressLine2: z.string().trim().max(200).nullish(),
  City: text(BILLING_MESSAGES.city, 100),
  State: z.enum(STATE_CODES, { error: BILLING_MESSAGES.state }),
  PostalCode: text(BILLING_MESSAGES.postalCode, 10).regex(/^\d{5}(-\d{4})?$/, 'Please provide a 5-digit ZIP code.'),
  Country: z.literal('US', { error: BILLING_MESSAGES.country }),
});
export type BillingAddress = z.infer<typeof BillingAddressSchema>;

export const ApplicationRequestSchema = z.object({ ApplicationId: IdSchema.describe('The registration (Registered user ApplicationId)') });

export const PaymentInitResponseSchema = z.object({
  PublicKey: z.string().describe("The card provider's publishable key"),
  Sandbox: z.boolean().describe('True when the built-in payment sandbox stands in for Stripe'),
});

export const PaymentSetupRequestSchema = z.object({
  ApplicationId: IdSchema,
  Info: z.object({
    Customer: BillingAddressSchema.extend({
      Name: z.string().trim().min(1).max(200),
      Email: EmailSchema,
      UserId: IdSchema,
      ApplicationId: IdSchema,
    }),
    PriceId: z
      .string()
      .min(1, BILLING_MESSAGES.plan)
      .max(200)
      .regex(/^[A-Za-z0-9_]+$/, BILLING_MESSAGES.plan)
      .describe('MetaData.PriceId of the chosen price item (a card provider id)'),
    ProductId: IdSchema,
  }),
});
export type PaymentSetupRequest = z.infer<typeof PaymentSetupRequestSchema>;

export const PaymentSetupResponseSchema = z.object({
  SetupToken: z.string().describe('Client secret of the SetupIntent the card form confirms'),
  Total: MoneySchema.describe('Total due today, US dollars'),
  SessionToken: z.string().describe('Id of the SetupIntent bound to this registration'),
});

export const FinalizePaymentRequestSchema = z.object({
  ApplicationId: IdSchema,
  Info: z.object({
    SetupIntent: z.object({
      Id: ProviderIdSchema,
      ClientSecret: ProviderSecretSchema,
    }),
  }),
});

export const FinalizePaymentResponseSchema = z.object({
  PlanName: z.string(),
  BillingCycle: z.enum(['month', 'year']),
  Status: z.string().describe('Subscription status at the card provider'),
  Session: TokenResponseSchema.nullable().describe(
    'The new Owner signed in (no second password entry): given once, by the call that started the subscription; null on a repeat',
  ),
});

export const paymentRoutes = defineRoutes({
  initializePaymentSetup: {
    method: 'POST',
    path: '/guest/paymentregister/InitializePaymentSetup',
    access: 'anonymous',
    summary: "The card provider's publishable key for a verified registration.",
    body: ApplicationRequestSchema,
    response: PaymentInitResponseSchema,
    tags: ['payments'],
  },
  getPaymentSetup: {
    method: 'POST',
    path: '/guest/paymentregister/getpaymentsetup',
    access: 'anonymous',
    summary:
      'Creates or reuses the customer and a SetupIntent bound to this registration; answers its client secret and the total due today.',
    body: PaymentSetupRequestSchema,
    response: PaymentSetupResponseSchema,
    tags: ['payments'],
  },
  finalizePayment: {
    method: 'POST',
    path: '/guest/paymentregister/finalizePayment',
    access: 'anonymous',
    summary: 'Checks the confirmed SetupIntent, creates the subscription and grants the plan. Safe to repeat.',
    body: FinalizePaymentRequestSchema,
    response: FinalizePaymentResponseSchema,
    tags: ['payments'],
  },
});
