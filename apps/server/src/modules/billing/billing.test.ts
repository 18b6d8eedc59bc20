import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, login } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { confirmCard, paymentSetupBody, SIGNUP_PASSWORD, signUp } from '../../../test/signup.ts';
import { deliverSandboxEvents } from '../stripe-sandbox/webhook-delivery.ts';
import { tenants } from '../../schema/tenants.ts';
import { subscriptions } from '../../schema/billing.ts';

const GET = '/api/BillingClient/GetSubscription';
const CHANGE = '/api/BillingClient/ChangeSubscription';
const CANCEL = '/api/BillingClient/CancelSubscription';
const PERFORMANCE = '4f0d7c1e-6a2b-4c39-8e51-000000000003';
const ENTERPRISE = '4f0d7c1e-6a2b-4c39-8e51-000000000004';
const AGILITY = '4f0d7c1e-6a2b-4c39-8e51-000000000002';
const STARTER = '4f0d7c1e-6a2b-4c39-8e51-000000000001';

let t: TestApp;
let ownerToken: string;
let tenantId: string;

beforeAll(async () => {
  t = await createTestApp();
  const user = await signUp(t);
  const setup = await t.post('/guest/paymentregister/getpaymentsetup', paymentSetupBody(user, 'price_performance_monthly', PERFORMANCE));
  const secret = setup.body.Result.SetupToken as string;
  await confirmCard(t, secret, '4242424242424242');
  await t.post('/guest/paymentregister/finalizePayment', {
    ApplicationId: user.ApplicationId,
    Info: { SetupIntent: { Id: secret.split('_secret_')[0], ClientSecret: secret } },
  });
  ownerToken = (await login(t, user.Email, SIGNUP_PASSWORD)).AccessToken;
  const [row] = await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.registrationId, user.ApplicationId));
  tenantId = row?.tenantId ?? '';
});
afterAll(async () => t.close());

const planCode = async (id = tenantId) =>
  (await t.ctx.db.select({ plan: tenants.planCode }).from(tenants).where(eq(tenants.id, id)))[0]?.plan;

describe('billing', () => {
  it('shows the Owner the plan, billing cycle, next charge and card', async () => {
    const response = await t.post(GET, {}, ownerToken);
    expect(response.status).toBe(200);
    expect(response.body.Result).toMatchObject({
      PlanCode: 'performance',
      PlanName: 'Performance',
      BillingCycle: 'month',
      Status: 'active',
      PerMonth: 99,
      NextChargeAmount: 99,
      CancelAtPeriodEnd: false,
      PaymentMethod: { Brand: 'visa', Last4: '4242', ExpMonth: 12, ExpYear: 2099 },
    });
    const next = new Date(response.body.Result.NextChargeDate).getTime() - t.clock.now().getTime();
    expect(next).toBeGreaterThan(27 * 86_400_000);
  });

  it('changes plan and cycle: Enterprise billed annually, and the product policies follow', async () => {
    const response = await t.post(CHANGE, { ProductId: ENTERPRISE, BillingCycle: 'year' }, ownerToken);
    expect(response.status).toBe(200);
    expect(response.body.Result).toMatchObject({ PlanCode: 'enterprise', BillingCycle: 'year', PerMonth: 199, NextChargeAmount: 2388 });
    expect(await planCode()).toBe('enterprise');
    const down = await t.post(CHANGE, { ProductId: AGILITY, BillingCycle: 'month' }, ownerToken);
    expect(down.body.Result.PlanCode).toBe('agility');
    const permissions = await t.post('/api/TenantClient/GetPermissions', {}, ownerToken);
    const byName = Object.fromEntries(permissions.body.Result.map((p: { Name: string; Permission: number }) => [p.Name, p.Permission]));
    expect(byName).toMatchObject({ 'Plan.Agility': 1, 'Plan.Performance': 2 });
    await deliverSandboxEvents(t.app, t.ctx);
    expect(await planCode()).toBe('agility'); // the webhook events agree with what the change wrote
  });

  it('refuses Starter as a change (that is a cancellation) and an unknown product', async () => {
    expect((await t.post(CHANGE, { ProductId: STARTER, BillingCycle: 'month' }, ownerToken)).status).toBe(400);
    expect((await t.post(CHANGE, { ProductId: '7a9c1f7e-1f3a-4b5e-9c1d-2a3b4c5d6e7f', BillingCycle: 'month' }, ownerToken)).status).toBe(
      404,
    );
  });

  it('cancels at period end (no next charge, plan kept) and can undo it', async () => {
    const cancelled = await t.post(CANCEL, { CancelAtPeriodEnd: true }, ownerToken);
    expect(cancelled.body.Result).toMatchObject({ CancelAtPeriodEnd: true, NextChargeAmount: null, PlanCode: 'agility' });
    await deliverSandboxEvents(t.app, t.ctx);
    expect(await planCode()).toBe('agility');
    const resumed = await t.post(CANCEL, { CancelAtPeriodEnd: false }, ownerToken);
    expect(resumed.body.Result).toMatchObject({ CancelAtPeriodEnd: false, NextChargeAmount: 49 });
  });

  it('is for the Owner only: Admin, Member and Viewer get 403 and nothing changes', async () => {
    const other = await createTenant(t);
    for (const who of ['admin', 'member', 'viewer'] as const) {
      const token = await other.tokenFor(who);
      expect((await t.post(GET, {}, token)).status).toBe(403);
      expect((await t.post(CANCEL, { CancelAtPeriodEnd: true }, token)).status).toBe(403);
    }
    expect((await t.post(GET, {})).status).toBe(401);
  });

  it("another tenant's Owner sees only their own plan and cannot change this subscription", async () => {
    const other = await createTenant(t, { planCode: 'starter' });
    const token = await other.tokenFor('owner');
    const mine = await t.post(GET, {}, token);
    expect(mine.body.Result).toMatchObject({ PlanCode: 'starter', Status: 'free', PaymentMethod: null });
    const before = await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.tenantId, tenantId));
    const change = await t.post(CHANGE, { ProductId: ENTERPRISE, BillingCycle: 'year' }, token);
    expect(change.status).toBe(409);
    expect(await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.tenantId, tenantId))).toEqual(before);
    expect(await planCode(other.id)).toBe('starter');
  });
});
