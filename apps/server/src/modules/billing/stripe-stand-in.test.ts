import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { confirmCard } from '../../../test/signup.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { tenants } from '../../schema/tenants.ts';
import { stripeKeysOf } from '../stripe-sandbox/index.ts';

const PERFORMANCE = '4f0d7c1e-6a2b-4c39-8e51-000000000003';

// The configured-Stripe path end to end, over HTTP: `app` runs with Stripe keys (no sandbox) and
// STRIPE_API_URL pointing at `standIn`, a second server whose payment sandbox plays api.stripe.com
// on a loopback port. The card is confirmed on the stand-in, as Stripe.js confirms it on Stripe.
let standIn: TestApp;
let app: TestApp;

beforeAll(async () => {
  standIn = await createTestApp();
  await standIn.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = standIn.app.server.address() as AddressInfo;
  app = await createTestApp({ config: { stripe: { ...stripeKeysOf(standIn.ctx.config), apiUrl: `http://127.0.0.1:${port}` } } });
});
afterAll(async () => {
  await app?.close();
  await standIn?.close();
});

const planCode = async (tenantId: string) =>
  (await app.ctx.db.select({ plan: tenants.planCode }).from(tenants).where(eq(tenants.id, tenantId)))[0]?.plan;

const startUpgrade = async (tenant: TestTenant) => {
  const token = await tenant.tokenFor('owner');
  const started = await app.post(
    '/api/BillingClient/StartCardSetup',
    { Purpose: 'upgrade', ProductId: PERFORMANCE, BillingCycle: 'month' },
    token,
  );
  expect(started.status, started.text).toBe(200);
  const secret = started.body.Result.SetupToken as string;
  return { token, started: started.body.Result, secret, id: secret.split('_secret_')[0] as string };
};

const complete = (setup: { token: string; id: string; secret: string }) =>
  app.post('/api/BillingClient/CompleteCardSetup', { SetupIntentId: setup.id, ClientSecret: setup.secret }, setup.token);

describe('billing with Stripe keys, against a Stripe stand-in on loopback', () => {
  it('upgrades a Starter account through the Stripe API and lists the invoice it made', async () => {
    const tenant = await createTenant(app, { planCode: 'starter' });
    const setup = await startUpgrade(tenant);
    expect(setup.started).toMatchObject({ Sandbox: false, PublicKey: stripeKeysOf(standIn.ctx.config).publishableKey, Total: 99 });
    expect((await confirmCard(standIn, setup.secret, '4242424242424242')).body.status).toBe('succeeded');

    const done = await complete(setup);
    expect(done.status, done.text).toBe(200);
    expect(done.body.Result).toMatchObject({ PlanCode: 'performance', Status: 'active', PaymentMethod: { Brand: 'visa', Last4: '4242' } });
    expect(await planCode(tenant.id)).toBe('performance');

    const invoices = await app.post('/api/BillingClient/GetInvoices', {}, setup.token);
    expect(invoices.status, invoices.text).toBe(200);
    expect(invoices.body.Result).toHaveLength(1);
    expect(invoices.body.Result[0]).toMatchObject({ Amount: 99, AmountPaid: 99, Status: 'paid' });
  });

  it('keeps the account on Starter when the stand-in declines the card', async () => {
    const tenant = await createTenant(app, { planCode: 'starter' });
    const setup = await startUpgrade(tenant);
    expect((await confirmCard(standIn, setup.secret, '4000000000000002')).status).toBe(402);
    const done = await complete(setup);
    expect(done.status).toBe(402);
    expect(done.body.Message).toBe('Your card was declined. Please use another card or contact your bank.');
    expect(await planCode(tenant.id)).toBe('starter');
  });
});
