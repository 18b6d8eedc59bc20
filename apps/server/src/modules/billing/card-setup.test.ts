import { asc, eq, isNull } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, login, type TestTenant } from '../../../test/factories.ts';
import { confirmCard } from '../../../test/signup.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { subscriptions } from '../../schema/billing.ts';
import { sandboxEvents, sandboxObjects } from '../../schema/stripe-sandbox.ts';
import { tenants } from '../../schema/tenants.ts';
import { stripeKeysOf } from '../stripe-sandbox/index.ts';

const START = '/api/BillingClient/StartCardSetup';
const COMPLETE = '/api/BillingClient/CompleteCardSetup';
const INVOICES = '/api/BillingClient/GetInvoices';
const GET = '/api/BillingClient/GetSubscription';
const CHANGE = '/api/BillingClient/ChangeSubscription';
const CANCEL = '/api/BillingClient/CancelSubscription';
const STARTER = '4f0d7c1e-6a2b-4c39-8e51-000000000001';
const PERFORMANCE = '4f0d7c1e-6a2b-4c39-8e51-000000000003';
const ENTERPRISE = '4f0d7c1e-6a2b-4c39-8e51-000000000004';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const planCode = async (tenantId: string) =>
  (await t.ctx.db.select({ plan: tenants.planCode }).from(tenants).where(eq(tenants.id, tenantId)))[0]?.plan;
const subscriptionRows = (tenantId: string) => t.ctx.db.select().from(subscriptions).where(eq(subscriptions.tenantId, tenantId));

/** Starts a card setup as the tenant's Owner and confirms it in "the browser" with a card number. */
const setUpCard = async (tenant: TestTenant, body: Record<string, unknown>, card = '4242424242424242') => {
  const token = await tenant.tokenFor('owner');
  const started = await t.post(START, body, token);
  expect(started.status, started.text).toBe(200);
  const secret = started.body.Result.SetupToken as string;
  const confirmed = await confirmCard(t, secret, card);
  return { token, started: started.body.Result, confirmed, secret, id: secret.split('_secret_')[0] as string };
};

const complete = (token: string, setup: { id: string; secret: string }) =>
  t.post(COMPLETE, { SetupIntentId: setup.id, ClientSecret: setup.secret }, token);

/** A Starter tenant moved to Performance (monthly) with a Visa 4242. */
const paidTenant = async () => {
  const tenant = await createTenant(t, { planCode: 'starter' });
  const setup = await setUpCard(tenant, { Purpose: 'upgrade', ProductId: PERFORMANCE, BillingCycle: 'month' });
  const done = await complete(setup.token, setup);
  expect(done.status, done.text).toBe(200);
  return { tenant, token: setup.token };
};

/** Delivers the sandbox's pending webhook events, signed as Stripe signs them, newest first. */
const deliverNewestFirst = async () => {
  const pending = await t.ctx.db
    .select()
    .from(sandboxEvents)
    .where(isNull(sandboxEvents.deliveredAt))
    .orderBy(asc(sandboxEvents.createdAt));
  const secret = stripeKeysOf(t.ctx.config).webhookSecret;
  for (const event of pending.reverse()) {
    const payload = JSON.stringify(event.payload);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: Math.floor(t.clock.now().getTime() / 1000) });
    const response = await t.request({
      url: '/guest/paymentregister/webhook',
      body: payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
    expect(response.status).toBe(200);
    await t.ctx.db.update(sandboxEvents).set({ deliveredAt: t.clock.now() }).where(eq(sandboxEvents.id, event.id));
  }
  return pending.length;
};

describe('upgrading a Starter account with a card', () => {
  it('moves to Performance at once: subscription, card on file and the product policies', async () => {
    const tenant = await createTenant(t, { planCode: 'starter' });
    const setup = await setUpCard(tenant, { Purpose: 'upgrade', ProductId: PERFORMANCE, BillingCycle: 'month' });
    expect(setup.started).toMatchObject({ Sandbox: true, Total: 99 });
    expect(setup.confirmed.body.status).toBe('succeeded');
    const before = await t.post('/api/TenantClient/GetPermissions', {}, setup.token);
    expect(before.body.Result.find((p: { Name: string }) => p.Name === 'Plan.Performance').Permission).toBe(2);
    const done = await complete(setup.token, setup);
    expect(done.status, done.text).toBe(200);
    expect(done.body.Result).toMatchObject({
      PlanCode: 'performance',
      BillingCycle: 'month',
      Status: 'active',
      NextChargeAmount: 99,
      PaymentMethod: { Brand: 'visa', Last4: '4242' },
    });
    expect(await planCode(tenant.id)).toBe('performance');
    // The same access token: permissions are read from the tenant's plan on every request.
    const after = await t.post('/api/TenantClient/GetPermissions', {}, setup.token);
    expect(after.body.Result.find((p: { Name: string }) => p.Name === 'Plan.Performance').Permission).toBe(1);
  });

  it('makes one subscription when the same setup is completed twice', async () => {
    const tenant = await createTenant(t, { planCode: 'starter' });
    const setup = await setUpCard(tenant, { Purpose: 'upgrade', ProductId: ENTERPRISE, BillingCycle: 'year' });
    const [first, second] = await Promise.all([complete(setup.token, setup), complete(setup.token, setup)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(await complete(setup.token, setup)).toMatchObject({ status: 200 });
    expect(await subscriptionRows(tenant.id)).toHaveLength(1);
    expect(await planCode(tenant.id)).toBe('enterprise');
  });

  it('keeps the account on Starter when the card is declined (4000 0000 0000 0002)', async () => {
    const tenant = await createTenant(t, { planCode: 'starter' });
    const setup = await setUpCard(tenant, { Purpose: 'upgrade', ProductId: PERFORMANCE, BillingCycle: 'month' }, '4000000000000002');
    expect(setup.confirmed.status).toBe(402);
    expect(setup.confirmed.body.error).toMatchObject({ code: 'card_declined', decline_code: 'generic_decline' });
    const done = await complete(setup.token, setup);
    expect(done.status).toBe(402);
    expect(done.body.Message).toBe('Your card was declined. Please use another card or contact your bank.');
    expect(await planCode(tenant.id)).toBe('starter');
    expect(await subscriptionRows(tenant.id)).toEqual([]);
    // A good card on a new setup then works.
    const retry = await setUpCard(tenant, { Purpose: 'upgrade', ProductId: PERFORMANCE, BillingCycle: 'month' });
    expect((await complete(retry.token, retry)).status).toBe(200);
    expect(await planCode(tenant.id)).toBe('performance');
  });

  it('refuses Starter as an upgrade, a second paid plan, and a card change without one', async () => {
    const starter = await createTenant(t, { planCode: 'starter' });
    const token = await starter.tokenFor('owner');
    expect((await t.post(START, { Purpose: 'upgrade', ProductId: STARTER, BillingCycle: 'month' }, token)).status).toBe(400);
    expect((await t.post(START, { Purpose: 'card' }, token)).status).toBe(409);
    const bad = await t.post(START, { Purpose: 'upgrade', ProductId: PERFORMANCE, BillingCycle: 'weekly' }, token);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('BillingCycle');
    for (const missing of ['ProductId', 'BillingCycle'] as const) {
      const body: Record<string, string> = { Purpose: 'upgrade', ProductId: PERFORMANCE, BillingCycle: 'month' };
      delete body[missing];
      const incomplete = await t.post(START, body, token);
      expect(incomplete.status).toBe(400);
      expect(incomplete.body.Errors?.map((error: { Field: string }) => error.Field)).toEqual([missing]);
    }
    const { token: paidToken } = await paidTenant();
    expect((await t.post(START, { Purpose: 'upgrade', ProductId: ENTERPRISE, BillingCycle: 'month' }, paidToken)).status).toBe(409);
  });
});

describe('changing the card on file', () => {
  it('puts the new card on the subscription; the plan stays', async () => {
    const { tenant } = await paidTenant();
    const setup = await setUpCard(tenant, { Purpose: 'card' }, '5555555555554444');
    expect(setup.started.Total).toBeNull();
    const done = await complete(setup.token, setup);
    expect(done.status, done.text).toBe(200);
    expect(done.body.Result).toMatchObject({ PlanCode: 'performance', PaymentMethod: { Brand: 'mastercard', Last4: '4444' } });
    const [row] = await subscriptionRows(tenant.id);
    const [provider] = await t.ctx.db
      .select()
      .from(sandboxObjects)
      .where(eq(sandboxObjects.id, row?.providerSubscriptionId ?? ''));
    expect(provider?.data.default_payment_method).toBe(row?.providerPaymentMethodId);
  });

  it('keeps the old card when the new one is declined', async () => {
    const { tenant, token } = await paidTenant();
    const setup = await setUpCard(tenant, { Purpose: 'card' }, '4000000000000002');
    expect((await complete(token, setup)).status).toBe(402);
    expect((await t.post(GET, {}, token)).body.Result.PaymentMethod).toMatchObject({ Brand: 'visa', Last4: '4242' });
  });
});

describe('invoices', () => {
  it('lists the first charge and a plan change with its proration credit, newest first, with amounts and dates', async () => {
    const { tenant } = await paidTenant();
    t.clock.advance(10 * 86_400_000);
    const token = (await login(t, tenant.users.owner.email)).AccessToken;
    expect((await t.post(CHANGE, { ProductId: ENTERPRISE, BillingCycle: 'year' }, token)).status).toBe(200);
    const response = await t.post(INVOICES, {}, token);
    expect(response.status).toBe(200);
    const [change, first] = response.body.Result;
    expect(response.body.Result).toHaveLength(2);
    expect(first).toMatchObject({
      Amount: 99,
      AmountPaid: 99,
      Status: 'paid',
      Description: '1 × Plansmith Performance (at $99.00 / month)',
    });
    expect(change.Description).toContain('Unused time on Plansmith Performance');
    expect(change.Description).toContain('1 × Plansmith Enterprise (at $2,388.00 / year)');
    // Ten days of a 28-31 day month used: roughly two thirds of $99 comes back as credit.
    expect(change.Amount).toBeGreaterThan(2388 - 99);
    expect(change.Amount).toBeLessThan(2388 - 60);
    expect(new Date(change.Date).getTime()).toBeGreaterThan(new Date(first.Date).getTime());
    expect(first.Number).toMatch(/-0001$/);
  });

  it('is empty for a Starter account, and another tenant sees none of this tenant’s invoices', async () => {
    const starter = await createTenant(t, { planCode: 'starter' });
    expect((await t.post(INVOICES, {}, await starter.tokenFor('owner'))).body.Result).toEqual([]);
  });
});

describe('who may use the card flows', () => {
  it('is the Owner only: Admin, Member and Viewer get 403 and nothing changes', async () => {
    const tenant = await createTenant(t, { planCode: 'starter' });
    for (const who of ['admin', 'member', 'viewer'] as const) {
      const token = await tenant.tokenFor(who);
      expect((await t.post(START, { Purpose: 'upgrade', ProductId: PERFORMANCE, BillingCycle: 'month' }, token)).status).toBe(403);
      expect((await t.post(INVOICES, {}, token)).status).toBe(403);
      expect((await t.post(COMPLETE, { SetupIntentId: 'seti_x', ClientSecret: 'seti_x_secret_y' }, token)).status).toBe(403);
    }
    expect(await planCode(tenant.id)).toBe('starter');
  });

  it("answers 404 to another tenant's card setup and changes neither tenant", async () => {
    const victim = await createTenant(t, { planCode: 'starter' });
    const setup = await setUpCard(victim, { Purpose: 'upgrade', ProductId: PERFORMANCE, BillingCycle: 'month' });
    const intruder = await createTenant(t, { planCode: 'starter' });
    const response = await complete(await intruder.tokenFor('owner'), setup);
    expect(response.status).toBe(404);
    expect([await planCode(victim.id), await planCode(intruder.id)]).toEqual(['starter', 'starter']);
    expect([...(await subscriptionRows(victim.id)), ...(await subscriptionRows(intruder.id))]).toEqual([]);
  });
});

describe('webhook ordering', () => {
  it('events delivered newest first leave the latest state: the webhook reads the subscription from the provider', async () => {
    const { tenant, token } = await paidTenant();
    await t.post(CHANGE, { ProductId: ENTERPRISE, BillingCycle: 'month' }, token);
    await t.post(CANCEL, { CancelAtPeriodEnd: true }, token);
    expect(await deliverNewestFirst()).toBeGreaterThan(3);
    expect(await planCode(tenant.id)).toBe('enterprise');
    const [row] = await subscriptionRows(tenant.id);
    expect(row).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    await t.post(CANCEL, { CancelAtPeriodEnd: false }, token);
    await deliverNewestFirst();
    expect((await subscriptionRows(tenant.id))[0]?.cancelAtPeriodEnd).toBe(false);
  });

  it('a subscription.created event that arrives before the upgrade is recorded changes nothing; the upgrade then records it', async () => {
    const tenant = await createTenant(t, { planCode: 'starter' });
    const setup = await setUpCard(tenant, { Purpose: 'upgrade', ProductId: PERFORMANCE, BillingCycle: 'month' });
    await deliverNewestFirst(); // setup_intent.succeeded only: nothing to apply yet
    expect(await planCode(tenant.id)).toBe('starter');
    expect((await complete(setup.token, setup)).status).toBe(200);
    await deliverNewestFirst(); // customer.subscription.created and invoice.paid, after the fact
    expect(await planCode(tenant.id)).toBe('performance');
    expect(await subscriptionRows(tenant.id)).toHaveLength(1);
  });
});
