import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { securityEvents } from '../../schema/audit.ts';
import { subscriptions } from '../../schema/billing.ts';
import { confirmCard, paymentSetupBody, SIGNUP_PASSWORD, signUp } from '../../../test/signup.ts';
import { sandboxEvents, sandboxObjects } from '../../schema/stripe-sandbox.ts';
import { stripeKeysOf } from '../stripe-sandbox/sandbox-keys.ts';
import { deliverSandboxEvents } from '../stripe-sandbox/webhook-delivery.ts';
import { tenants, users } from '../../schema/tenants.ts';

const INIT = '/guest/paymentregister/InitializePaymentSetup';
const SETUP = '/guest/paymentregister/getpaymentsetup';
const FINALIZE = '/guest/paymentregister/finalizePayment';
const WEBHOOK = '/guest/paymentregister/webhook';
const PERFORMANCE = '4f0d7c1e-6a2b-4c39-8e51-000000000003';
const STARTER = '4f0d7c1e-6a2b-4c39-8e51-000000000001';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const planOf = async (userId: string) => {
  const [row] = await t.ctx.db
    .select({ plan: tenants.planCode })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(eq(users.id, userId));
  return row?.plan;
};
const subscriptionsOf = async (applicationId: string) =>
  t.ctx.db.select().from(subscriptions).where(eq(subscriptions.registrationId, applicationId));
const finalize = (applicationId: string, secret: string) =>
  t.post(FINALIZE, { ApplicationId: applicationId, Info: { SetupIntent: { Id: secret.split('_secret_')[0], ClientSecret: secret } } });

/** Sign-up through the card step: answers the user and the SetupIntent's client secret. */
const setUpPayment = async (priceId = 'price_performance_monthly') => {
  const user = await signUp(t);
  const setup = await t.post(SETUP, paymentSetupBody(user, priceId, PERFORMANCE));
  expect(setup.status).toBe(200);
  return { user, secret: setup.body.Result.SetupToken as string, setup: setup.body.Result };
};

describe('payment setup', () => {
  it('gives the sandbox publishable key to a verified sign-up only', async () => {
    const user = await signUp(t);
    const init = await t.post(INIT, { ApplicationId: user.ApplicationId });
    expect(init.status).toBe(200);
    expect(init.body.Result).toEqual({ PublicKey: stripeKeysOf(t.ctx.config).publishableKey, Sandbox: true });
    expect(init.body.Result.PublicKey).toMatch(/^pk_test_sandbox_/);
    expect((await t.post(INIT, { ApplicationId: '7a9c1f7e-1f3a-4b5e-9c1d-2a3b4c5d6e7f' })).status).toBe(400);
  });

  it('creates a customer and a SetupIntent bound to the registration; monthly total is one month', async () => {
    const { user, setup } = await setUpPayment();
    expect(setup.Total).toBe(99);
    expect(setup.SessionToken).toMatch(/^seti_/);
    expect(setup.SetupToken).toMatch(new RegExp(`^${setup.SessionToken}_secret_`));
    const [intent] = await t.ctx.db.select().from(sandboxObjects).where(eq(sandboxObjects.id, setup.SessionToken));
    expect(intent?.data.metadata).toMatchObject({ registration_id: user.ApplicationId, price_id: 'price_performance_monthly' });
  });

  it('reuses the customer and the SetupIntent when the plan changes, and totals twelve months of the annual per-month price', async () => {
    const { user, setup } = await setUpPayment();
    const again = await t.post(SETUP, paymentSetupBody(user, 'price_performance_annual', PERFORMANCE));
    expect(again.status).toBe(200);
    expect(again.body.Result.SessionToken).toBe(setup.SessionToken);
    expect(again.body.Result.Total).toBe(948); // (99 − 20) × 12
    const customers = await t.ctx.db.select().from(sandboxObjects).where(eq(sandboxObjects.object, 'customer'));
    expect(
      customers.filter((c) => c.data.metadata && (c.data.metadata as Record<string, string>).registration_id === user.ApplicationId),
    ).toHaveLength(1);
  });

  it('refuses the free Starter plan, an unknown price and another user’s ids', async () => {
    const user = await signUp(t);
    expect((await t.post(SETUP, paymentSetupBody(user, 'price_performance_monthly', STARTER))).status).toBe(400);
    expect((await t.post(SETUP, paymentSetupBody(user, 'price_nope', PERFORMANCE))).body.Message).toBe(
      'Please select one of the plans above to continue.',
    );
    const other = await signUp(t);
    const mixed = paymentSetupBody(user, 'price_performance_monthly', PERFORMANCE);
    mixed.Info.Customer.UserId = other.Id;
    expect((await t.post(SETUP, mixed)).status).toBe(400);
  });

  it('validates the billing address with the billing messages', async () => {
    const user = await signUp(t);
    const body = paymentSetupBody(user, 'price_performance_monthly', PERFORMANCE);
    const response = await t.post(SETUP, {
      ...body,
      Info: { ...body.Info, Customer: { ...body.Info.Customer, AddressLine1: '', City: '', PostalCode: '', State: 'XX', Country: 'CA' } },
    });
    expect(response.status).toBe(400);
    const messages = response.body.Errors.map((e: { Message: string }) => e.Message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'Please provide an address 1!',
        'Please provide a city!',
        'Please provide a postal code!',
        'Please select a state!',
        'Please select a country!',
      ]),
    );
  });
});

describe('finalize payment', () => {
  it('with a good card creates the subscription, sets the plan and grants Plan.Performance', async () => {
    const { user, secret } = await setUpPayment();
    const confirmed = await confirmCard(t, secret, '4242 4242 4242 4242');
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ status: 'succeeded', payment_method: expect.stringMatching(/^pm_/) });
    expect(confirmed.body.customer).toBeUndefined(); // the publishable key sees the public fields only
    expect(await planOf(user.Id)).toBe('starter');
    const response = await finalize(user.ApplicationId, secret);
    expect(response.status).toBe(200);
    expect(response.body.Result).toMatchObject({ PlanName: 'Performance', BillingCycle: 'month', Status: 'active' });
    expect(await planOf(user.Id)).toBe('performance');
    // The new Owner is signed in by the answer: its access token works without a second password entry.
    const session = response.body.Result.Session;
    expect(session).toMatchObject({ AccessToken: expect.any(String), RefreshToken: expect.any(String) });
    const profile = await t.post('/api/TenantClient/GetPermissions', {}, session.AccessToken);
    expect(profile.status, profile.text).toBe(200);
    const [row] = await subscriptionsOf(user.ApplicationId);
    expect(row).toMatchObject({ status: 'active', cardBrand: 'visa', cardLast4: '4242' });
    const token = (await login(t, user.Email, SIGNUP_PASSWORD)).AccessToken;
    const permissions = await t.post('/api/TenantClient/GetPermissions', {}, token);
    const performance = permissions.body.Result.find((p: { Name: string }) => p.Name === 'Plan.Performance');
    expect(performance.Permission).toBe(1);
  });

  it('the sign-in that paying starts is in the audit log once, and a repeat records none', async () => {
    const { user, secret } = await setUpPayment();
    await confirmCard(t, secret, '4242 4242 4242 4242');
    expect((await finalize(user.ApplicationId, secret)).body.Result.Session).not.toBeNull();
    expect((await finalize(user.ApplicationId, secret)).body.Result.Session).toBeNull();
    const events = await t.ctx.db.select().from(securityEvents).where(eq(securityEvents.subjectUserId, user.Id));
    expect(events).toEqual([
      expect.objectContaining({
        kind: 'sign_in',
        userId: user.Id,
        email: user.Email,
        entityType: 'User',
        entityId: user.Id,
        summary: `Signed in as ${user.Email} on paying for the Performance plan`,
      }),
    ]);
    expect(events[0]?.ip).toBeTruthy();
  });

  // Finalizing twice at once is raced on PostgreSQL in payments.pg.test.ts.
  it('finalizing again answers the same and makes one subscription', async () => {
    const { user, secret } = await setUpPayment();
    await confirmCard(t, secret, '4242424242424242');
    const first = await finalize(user.ApplicationId, secret);
    const second = await finalize(user.ApplicationId, secret);
    expect([first.status, second.status]).toEqual([200, 200]);
    // The repeat answers the same plan but signs nobody in: only the call that started the subscription does.
    expect(first.body.Result.Session).not.toBeNull();
    expect(second.body.Result).toEqual({ ...first.body.Result, Session: null });
    expect(await subscriptionsOf(user.ApplicationId)).toHaveLength(1);
    const providerSubscriptions = (await t.ctx.db.select().from(sandboxObjects).where(eq(sandboxObjects.object, 'subscription'))).filter(
      (s) => (s.data.metadata as Record<string, string>).registration_id === user.ApplicationId,
    );
    expect(providerSubscriptions).toHaveLength(1);
  });

  it('a declined card shows our message for the provider code and finalizing it grants nothing', async () => {
    const { user, secret } = await setUpPayment();
    const declined = await confirmCard(t, secret, '4000 0000 0000 0002');
    expect(declined.status).toBe(402);
    expect(declined.body.error).toMatchObject({
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: 'Your card was declined.',
    });
    const funds = await confirmCard(t, secret, '4000000000009995');
    expect(funds.body.error.message).toBe('Your card has insufficient funds.');
    const expired = await confirmCard(t, secret, '4242424242424242', '2001');
    expect(expired.body.error.message).toBe("Your card's expiration date is in the past.");
    const response = await finalize(user.ApplicationId, secret);
    expect(response.status).toBe(402);
    expect(response.body.Message).toBe("The card's expiry date is not valid. Please check it or use another card.");
    expect(await planOf(user.Id)).toBe('starter');
    expect(await subscriptionsOf(user.ApplicationId)).toHaveLength(0);
    // the same intent can still succeed with another card
    expect((await confirmCard(t, secret, '4242424242424242')).status).toBe(200);
    expect((await finalize(user.ApplicationId, secret)).status).toBe(200);
  });

  it('refuses the SetupIntent of another registration and a wrong client secret', async () => {
    const a = await setUpPayment();
    const b = await setUpPayment();
    await confirmCard(t, b.secret, '4242424242424242');
    const stolen = await finalize(a.user.ApplicationId, b.secret);
    expect(stolen.status).toBe(400);
    expect(stolen.body.Message).toBe('This payment does not belong to your sign-up.');
    expect(await planOf(a.user.Id)).toBe('starter');
    expect(await subscriptionsOf(a.user.ApplicationId)).toHaveLength(0);
    const wrongSecret = await t.post(FINALIZE, {
      ApplicationId: b.user.ApplicationId,
      Info: { SetupIntent: { Id: b.setup.SessionToken, ClientSecret: `${b.setup.SessionToken}_secret_nope` } },
    });
    expect(wrongSecret.status).toBe(400);
    expect(await subscriptionsOf(b.user.ApplicationId)).toHaveLength(0);
    const confirmWithWrongSecret = await confirmCard(t, `${a.setup.SessionToken}_secret_nope`, '4242424242424242');
    expect(confirmWithWrongSecret.status).toBe(400);
  });
});

describe('webhook and sandbox', () => {
  it('applies signed events once; a replayed event changes nothing and an unsigned one is refused', async () => {
    const { user, secret } = await setUpPayment();
    await confirmCard(t, secret, '4242424242424242');
    await finalize(user.ApplicationId, secret);
    expect(await deliverSandboxEvents(t.app, t.ctx)).toBeGreaterThan(0);
    const [row] = await subscriptionsOf(user.ApplicationId);
    // the provider cancels the subscription; the event moves the tenant back to Starter
    const stripe = new Stripe(stripeKeysOf(t.ctx.config).secretKey, {
      host: 'x',
      protocol: 'http',
      maxNetworkRetries: 0,
      httpClient: Stripe.createFetchHttpClient(async (input, init) => {
        const url = new URL(String(input));
        const r = await t.app.inject({
          method: (init?.method ?? 'GET') as 'DELETE',
          url: url.pathname + url.search,
          headers: Object.fromEntries(new Headers(init?.headers)),
          ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
        });
        return new Response(r.body, { status: r.statusCode, headers: { 'content-type': 'application/json' } });
      }),
    });
    await stripe.subscriptions.cancel(row?.providerSubscriptionId ?? '', {}, { idempotencyKey: `cancel-${row?.id}` });
    expect(await deliverSandboxEvents(t.app, t.ctx)).toBe(1);
    expect(await planOf(user.Id)).toBe('starter');
    const [canceled] = await subscriptionsOf(user.ApplicationId);
    expect(canceled?.status).toBe('canceled');

    // replay the deletion event with a fresh valid signature after the tenant moved on
    await t.ctx.db
      .update(tenants)
      .set({ planCode: 'performance' })
      .where(eq(tenants.id, row?.tenantId ?? ''));
    const [event] = await t.ctx.db.select().from(sandboxEvents).where(eq(sandboxEvents.type, 'customer.subscription.deleted'));
    const payload = JSON.stringify(event?.payload);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: stripeKeysOf(t.ctx.config).webhookSecret });
    const replay = await t.request({
      url: WEBHOOK,
      body: payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
    expect(replay.status).toBe(200);
    expect(replay.body.Result).toEqual({ Received: true, Duplicate: true });
    expect(await planOf(user.Id)).toBe('performance');

    const forged = await t.request({
      url: WEBHOOK,
      body: payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=deadbeef' },
    });
    expect(forged.status).toBe(400);
  });

  it('the sandbox holds the server to an idempotency key on every POST and refuses unknown keys', async () => {
    const keys = stripeKeysOf(t.ctx.config);
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const noKey = await t.request({
      url: '/v1/customers',
      body: 'name=x',
      headers: { ...form, authorization: `Bearer ${keys.secretKey}` },
    });
    expect(noKey.status).toBe(400);
    const badAuth = await t.request({
      url: '/v1/customers',
      body: 'name=x',
      headers: { ...form, authorization: 'Bearer sk_test_wrong', 'idempotency-key': 'k1' },
    });
    expect(badAuth.status).toBe(401);
    const publishable = await t.request({
      url: '/v1/customers',
      body: 'name=x',
      headers: { ...form, authorization: `Bearer ${keys.publishableKey}`, 'idempotency-key': 'k2' },
    });
    expect(publishable.status).toBe(403);
    const headers = { ...form, authorization: `Bearer ${keys.secretKey}`, 'idempotency-key': 'same-key' };
    const first = await t.request({ url: '/v1/customers', body: 'name=x', headers });
    const repeat = await t.request({ url: '/v1/customers', body: 'name=x', headers });
    expect(repeat.body.id).toBe(first.body.id);
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    const reused = await t.request({ url: '/v1/customers', body: 'name=y', headers });
    expect(reused.body.error.type).toBe('idempotency_error');
  });
});
