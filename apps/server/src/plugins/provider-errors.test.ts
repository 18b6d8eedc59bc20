// Provider errors are not ours (issue 28 A3): on every path that calls the card provider, the real
// `stripe` SDK meets a rotated key (401: answered 502 with our generic message, the cause logged,
// never 401, which the web app reads as an ended session) or a declined card (402 with our message,
// not Stripe's). The SDK talks over loopback to a proxy in front of a Stripe stand-in.
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTenant } from '../../test/factories.ts';
import { declinedCharge, rotatedKey, startFaultyProvider } from '../../test/faulty-provider.ts';
import { confirmCard, paymentSetupBody, signUp } from '../../test/signup.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { stripeKeysOf } from '../modules/stripe-sandbox/index.ts';
import { tenants, users } from '../schema/tenants.ts';
import { CARD_DECLINED, PROVIDER_FAILED } from './errors.ts';

const AGILITY = '4f0d7c1e-6a2b-4c39-8e51-000000000002';
const PERFORMANCE = '4f0d7c1e-6a2b-4c39-8e51-000000000003';
const INSUFFICIENT_FUNDS = 'Your card has insufficient funds. Please use another card.';
const STRIPE_WORDS = /Invalid API Key|sk_live|insufficient funds\.$/;

let standIn: TestApp;
let app: TestApp;
let provider: Awaited<ReturnType<typeof startFaultyProvider>>;
const logLines: string[] = [];

beforeAll(async () => {
  standIn = await createTestApp();
  await standIn.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = standIn.app.server.address() as AddressInfo;
  provider = await startFaultyProvider(`http://127.0.0.1:${port}`);
  app = await createTestApp({
    config: { logLevel: 'error', stripe: { ...stripeKeysOf(standIn.ctx.config), apiUrl: provider.url } },
    logStream: { write: (line) => logLines.push(line) },
  });
}, 120_000);
afterEach(() => provider.reset());
afterAll(async () => {
  await app?.close();
  await provider?.close();
  await standIn?.close();
});

const planOfTenant = async (tenantId: string) =>
  (await app.ctx.db.select({ plan: tenants.planCode }).from(tenants).where(eq(tenants.id, tenantId)))[0]?.plan;

/** A 502 with our words, the provider's 401 in the log under the same request id. */
const expectProviderFailure = (response: { status: number; body: { Message: string; RequestId: string } }) => {
  expect(response.status).toBe(502);
  expect(response.body.Message).toBe(PROVIDER_FAILED);
  const logged = logLines
    .map((line) => JSON.parse(line))
    .find((entry) => entry.reqId === response.body.RequestId && entry.msg === 'card provider failed');
  expect(logged).toMatchObject({ providerStatus: 401, err: { message: expect.stringMatching(/Invalid API Key/) } });
};

const billingOwner = async () => {
  const tenant = await createTenant(app, { planCode: 'starter' });
  return { tenant, token: await tenant.tokenFor('owner') };
};

const startUpgrade = async (token: string) => {
  const started = await app.post(
    '/api/BillingClient/StartCardSetup',
    { Purpose: 'upgrade', ProductId: PERFORMANCE, BillingCycle: 'month' },
    token,
  );
  expect(started.status, started.text).toBe(200);
  const secret = started.body.Result.SetupToken as string;
  return { secret, id: secret.split('_secret_')[0] as string };
};

const complete = (token: string, setup: { id: string; secret: string }) =>
  app.post('/api/BillingClient/CompleteCardSetup', { SetupIntentId: setup.id, ClientSecret: setup.secret }, token);

/** A Performance customer at the stand-in, paying monthly with a good card. */
const payingOwner = async () => {
  const owner = await billingOwner();
  const setup = await startUpgrade(owner.token);
  expect((await confirmCard(standIn, setup.secret, '4242424242424242')).status).toBe(200);
  expect((await complete(owner.token, setup)).status).toBe(200);
  return owner;
};

describe('billing of an existing account', () => {
  it('StartCardSetup with a rotated key answers 502 and our words, not 401', async () => {
    const { token } = await billingOwner();
    provider.fail(rotatedKey());
    const response = await app.post(
      '/api/BillingClient/StartCardSetup',
      { Purpose: 'upgrade', ProductId: PERFORMANCE, BillingCycle: 'month' },
      token,
    );
    expectProviderFailure(response);
    expect(response.text).not.toMatch(STRIPE_WORDS);
  });

  it('CompleteCardSetup with a rotated key answers 502; the plan stays Starter', async () => {
    const { tenant, token } = await billingOwner();
    const setup = await startUpgrade(token);
    expect((await confirmCard(standIn, setup.secret, '4242424242424242')).status).toBe(200);
    provider.fail(rotatedKey());
    expectProviderFailure(await complete(token, setup));
    expect(await planOfTenant(tenant.id)).toBe('starter');
  });

  it('CompleteCardSetup after the card was declined at confirmation answers 402 with our message', async () => {
    const { tenant, token } = await billingOwner();
    const setup = await startUpgrade(token);
    expect((await confirmCard(standIn, setup.secret, '4000000000009995')).status).toBe(402);
    const response = await complete(token, setup);
    expect(response.status).toBe(402);
    expect(response.body.Message).toBe(INSUFFICIENT_FUNDS);
    expect(await planOfTenant(tenant.id)).toBe('starter');
  });

  it('CompleteCardSetup whose first charge is declined answers 402 with our message; the plan stays Starter', async () => {
    const { tenant, token } = await billingOwner();
    const setup = await startUpgrade(token);
    expect((await confirmCard(standIn, setup.secret, '4242424242424242')).status).toBe(200);
    provider.fail(declinedCharge('POST', /^\/v1\/subscriptions$/));
    const response = await complete(token, setup);
    expect(response.status).toBe(402);
    expect(response.body.Message).toBe(INSUFFICIENT_FUNDS);
    expect(await planOfTenant(tenant.id)).toBe('starter');
  });

  it('GetInvoices and CancelSubscription with a rotated key answer 502', async () => {
    const { token } = await payingOwner();
    provider.fail(rotatedKey());
    expectProviderFailure(await app.post('/api/BillingClient/GetInvoices', {}, token));
    expectProviderFailure(await app.post('/api/BillingClient/CancelSubscription', { CancelAtPeriodEnd: true }, token));
  });

  it('ChangeSubscription answers 502 for a rotated key and 402 with our message (no longer 400) for a declined charge', async () => {
    const { tenant, token } = await payingOwner();
    const change = () => app.post('/api/BillingClient/ChangeSubscription', { ProductId: AGILITY, BillingCycle: 'year' }, token);
    provider.fail(rotatedKey());
    expectProviderFailure(await change());
    provider.reset();
    provider.fail(declinedCharge('POST', /^\/v1\/subscriptions\/sub_/));
    const declined = await change();
    expect(declined.status).toBe(402);
    expect(declined.body.Message).toBe(INSUFFICIENT_FUNDS);
    expect(await planOfTenant(tenant.id)).toBe('performance');
  });
});

describe('paying at sign-up', () => {
  const INIT = '/guest/paymentregister/InitializePaymentSetup';
  const SETUP = '/guest/paymentregister/getpaymentsetup';
  const FINALIZE = '/guest/paymentregister/finalizePayment';
  const finalize = (applicationId: string, secret: string) =>
    app.post(FINALIZE, { ApplicationId: applicationId, Info: { SetupIntent: { Id: secret.split('_secret_')[0], ClientSecret: secret } } });
  const planOfUser = async (userId: string) =>
    (
      await app.ctx.db
        .select({ plan: tenants.planCode })
        .from(users)
        .innerJoin(tenants, eq(tenants.id, users.tenantId))
        .where(eq(users.id, userId))
    )[0]?.plan;

  it('the payment setup with a rotated key answers 502', async () => {
    const user = await signUp(app);
    expect((await app.post(INIT, { ApplicationId: user.ApplicationId })).status).toBe(200);
    provider.fail(rotatedKey());
    expectProviderFailure(await app.post(SETUP, paymentSetupBody(user, 'price_performance_monthly', PERFORMANCE)));
  });

  it('finalizing answers 502 for a rotated key, 402 with our message for a declined charge and for a declined card', async () => {
    const user = await signUp(app);
    const setup = await app.post(SETUP, paymentSetupBody(user, 'price_performance_monthly', PERFORMANCE));
    expect(setup.status, setup.text).toBe(200);
    const secret = setup.body.Result.SetupToken as string;

    expect((await confirmCard(standIn, secret, '4000000000000002')).status).toBe(402);
    const cardDeclined = await finalize(user.ApplicationId, secret);
    expect(cardDeclined.status).toBe(402);
    expect(cardDeclined.body.Message).toBe(CARD_DECLINED);

    expect((await confirmCard(standIn, secret, '4242424242424242')).status).toBe(200);
    provider.fail(rotatedKey());
    expectProviderFailure(await finalize(user.ApplicationId, secret));
    provider.reset();
    provider.fail(declinedCharge('POST', /^\/v1\/subscriptions$/));
    const chargeDeclined = await finalize(user.ApplicationId, secret);
    expect(chargeDeclined.status).toBe(402);
    expect(chargeDeclined.body.Message).toBe(INSUFFICIENT_FUNDS);
    expect(await planOfUser(user.Id)).toBe('starter');
  });
});

describe('provider ids (issue 28 A2)', () => {
  it('CompleteCardSetup with a lone surrogate in SetupIntentId answers 400 naming the field, not 500', async () => {
    const { token } = await billingOwner();
    const response = await complete(token, { id: 'seti_\ud800', secret: 'seti_x_secret_y' });
    expect(response.status).toBe(400);
    expect(response.body.Errors).toEqual([
      { Field: 'SetupIntentId', Message: 'Must be an id from the card provider (letters, digits and underscores).' },
    ]);
  });
});
