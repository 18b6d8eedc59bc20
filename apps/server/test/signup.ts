import { CLIENT_ID } from '@plansmith/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { TestApp } from './test-app.ts';
import { mailOutbox } from '../src/schema/mail.ts';
import { stripeKeysOf } from '../src/modules/stripe-sandbox/index.ts';

export const SIGNUP_PASSWORD = 'plansmith-signup-2026!';
let counter = 0;

export const registrationBody = (overrides: Record<string, unknown> = {}) => {
  counter += 1;
  return {
    FirstName: 'Pat',
    LastName: 'Prospect',
    Company: `Prospect Co ${counter}`,
    Email: `pat-${counter}-${Date.now()}@prospect.test`,
    MetaData: { plan: 'performance', bill: 'month' },
    ClientId: CLIENT_ID,
    ...overrides,
  };
};

/** The key of the newest verification mail sent to an address, read from the mail outbox. */
export const latestVerificationKey = async (t: TestApp, email: string): Promise<string> => {
  const [mail] = await t.ctx.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.kind, 'registration-verification')))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  const url = mail?.links[0]?.url;
  if (!url) throw new Error(`no verification mail for ${email}`);
  const key = new URL(url).searchParams.get('key');
  if (!key) throw new Error(`no key in ${url}`);
  return key;
};

/** A verified sign-up: registered and completed; answers the Registered user. */
export const signUp = async (t: TestApp, overrides: Record<string, unknown> = {}) => {
  const body = registrationBody(overrides);
  const registered = await t.post('/api/prospectrequest/register', body);
  if (registered.status !== 200) throw new Error(`register failed: ${registered.text}`);
  const key = await latestVerificationKey(t, body.Email);
  const completed = await t.post('/api/ProspectRequest/CompleteRequest', {
    EmailVerifyKey: key,
    Password: SIGNUP_PASSWORD,
    ClientId: CLIENT_ID,
  });
  if (completed.status !== 200) throw new Error(`complete failed: ${completed.text}`);
  return completed.body.Result as {
    Id: string;
    FirstName: string;
    LastName: string;
    Email: string;
    ApplicationId: string;
    MetaData: Record<string, string>;
  };
};

export const billingAddress = {
  AddressLine1: '1 Market St',
  AddressLine2: null,
  City: 'San Francisco',
  State: 'CA',
  PostalCode: '94105',
  Country: 'US',
};

export const paymentSetupBody = (user: { Id: string; Email: string; ApplicationId: string }, priceId: string, productId: string) => ({
  ApplicationId: user.ApplicationId,
  Info: {
    Customer: { ...billingAddress, Name: 'Pat Prospect', Email: user.Email, UserId: user.Id, ApplicationId: user.ApplicationId },
    PriceId: priceId,
    ProductId: productId,
  },
});

/** Confirms a SetupIntent from "the browser": the sandbox card form's request, with the publishable key. */
export const confirmCard = (t: TestApp, clientSecret: string, number: string, expYear = '2099') => {
  const intentId = clientSecret.split('_secret_')[0];
  const form = new URLSearchParams({
    key: stripeKeysOf(t.ctx.config).publishableKey,
    client_secret: clientSecret,
    'payment_method_data[type]': 'card',
    'payment_method_data[card][number]': number,
    'payment_method_data[card][exp_month]': '12',
    'payment_method_data[card][exp_year]': expYear,
    'payment_method_data[card][cvc]': '123',
  });
  return t.request({
    url: `/v1/setup_intents/${intentId}/confirm`,
    body: form.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
};
