import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { confirmCard, paymentSetupBody, SIGNUP_PASSWORD, signUp } from '../../../test/signup.ts';
import { sandboxEvents } from '../../schema/stripe-sandbox.ts';
import { tenants } from '../../schema/tenants.ts';
import { type SubscriptionRow, subscriptions } from '../../schema/billing.ts';

const CHANGE = '/api/BillingClient/ChangeSubscription';
const CANCEL = '/api/BillingClient/CancelSubscription';
const PERFORMANCE = '4f0d7c1e-6a2b-4c39-8e51-000000000003';
const ENTERPRISE = '4f0d7c1e-6a2b-4c39-8e51-000000000004';

let t: TestApp;
let ownerToken: string;
let subscriptionId: string;

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
  subscriptionId = row?.id ?? '';
});
afterAll(async () => t.close());

const ourCopy = async (): Promise<SubscriptionRow> => {
  const [row] = await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
  if (!row) throw new Error('no subscription');
  return row;
};

/** How many times the provider changed the subscription (its customer.subscription.updated events). */
const providerChanges = async (row: SubscriptionRow) => {
  const [result] = await t.ctx.db
    .select({ n: count() })
    .from(sandboxEvents)
    .where(
      and(
        eq(sandboxEvents.type, 'customer.subscription.updated'),
        sql`${sandboxEvents.payload} -> 'data' -> 'object' ->> 'id' = ${row.providerSubscriptionId}`,
      ),
    );
  return result?.n ?? 0;
};

/** The provider made the change but our write of it was lost (a failed commit, a crash): our copy is as before. */
const loseOurWrite = async (before: SubscriptionRow, planCode: 'performance' | 'enterprise') => {
  await t.ctx.db.update(subscriptions).set(before).where(eq(subscriptions.id, before.id));
  await t.ctx.db.update(tenants).set({ planCode }).where(eq(tenants.id, before.tenantId));
};

describe('retrying a billing change', () => {
  it('a retried plan change replays the provider’s answer instead of changing the subscription a second time', async () => {
    const before = await ourCopy();
    const changesBefore = await providerChanges(before);
    const request = { ProductId: ENTERPRISE, BillingCycle: 'year' };
    const first = await t.post(CHANGE, request, ownerToken);
    expect(first.status).toBe(200);
    expect(await providerChanges(before)).toBe(changesBefore + 1);

    await loseOurWrite(before, 'performance');
    const retry = await t.post(CHANGE, request, ownerToken);
    expect(retry.status).toBe(200);
    expect(retry.body.Result).toEqual(first.body.Result);
    expect(await providerChanges(before)).toBe(changesBefore + 1);

    // A later change, back and forth, starts from a newer state and does reach the provider.
    t.clock.advance(1_000);
    expect((await t.post(CHANGE, { ProductId: PERFORMANCE, BillingCycle: 'month' }, ownerToken)).body.Result.PlanCode).toBe('performance');
    t.clock.advance(1_000);
    expect((await t.post(CHANGE, request, ownerToken)).body.Result.PlanCode).toBe('enterprise');
    expect(await providerChanges(before)).toBe(changesBefore + 3);
  });

  it('a retried cancellation replays the provider’s answer instead of changing the subscription a second time', async () => {
    t.clock.advance(1_000);
    const before = await ourCopy();
    const changesBefore = await providerChanges(before);
    const first = await t.post(CANCEL, { CancelAtPeriodEnd: true }, ownerToken);
    expect(first.body.Result.CancelAtPeriodEnd).toBe(true);
    expect(await providerChanges(before)).toBe(changesBefore + 1);

    await loseOurWrite(before, 'enterprise');
    const retry = await t.post(CANCEL, { CancelAtPeriodEnd: true }, ownerToken);
    expect(retry.body.Result).toEqual(first.body.Result);
    expect(await providerChanges(before)).toBe(changesBefore + 1);
  });
});
