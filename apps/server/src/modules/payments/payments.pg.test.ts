import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdTableLock, requirePostgres, waitForLockWaiters } from '../../../test/pg-race.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { buildApp } from '../../app.ts';
import { subscriptions } from '../../schema/billing.ts';
import { confirmCard, paymentSetupBody, signUp } from '../../../test/signup.ts';
import { sandboxObjects } from '../../schema/stripe-sandbox.ts';
import { stripeKeysOf } from '../stripe-sandbox/sandbox-keys.ts';

const SETUP = '/guest/paymentregister/getpaymentsetup';
const FINALIZE = '/guest/paymentregister/finalizePayment';
const PERFORMANCE = '4f0d7c1e-6a2b-4c39-8e51-000000000003';
const IN_PROGRESS = /another in-progress request/;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  requirePostgres(t);
});
afterAll(async () => t.close());

/** The sandbox stores every object in this table: while the test locks it, a request that writes one stops there. */
const SANDBOX_OBJECTS = 'stripe_sandbox_objects';

const finalizeOn = async (app: FastifyInstance, applicationId: string, secret: string) => {
  const response = await app.inject({
    method: 'POST',
    url: FINALIZE,
    payload: { ApplicationId: applicationId, Info: { SetupIntent: { Id: secret.split('_secret_')[0], ClientSecret: secret } } },
  });
  return { status: response.statusCode, body: JSON.parse(response.body) };
};

/** A signed-up registration with a confirmed card, ready to finalize. */
const confirmedPayment = async () => {
  const user = await signUp(t);
  const setup = await t.post(SETUP, paymentSetupBody(user, 'price_performance_monthly', PERFORMANCE));
  const secret = setup.body.Result.SetupToken as string;
  expect((await confirmCard(t, secret, '4242424242424242')).status).toBe(200);
  return { user, secret };
};

const subscriptionsOf = async (applicationId: string) =>
  t.ctx.db.select().from(subscriptions).where(eq(subscriptions.registrationId, applicationId));

/** Whether a promise is still unsettled after `ms` — the one way to see that a request waits rather than answers. */
const stillPendingAfter = async (promise: Promise<unknown>, ms: number) =>
  Promise.race([promise.then(() => false), new Promise<boolean>((resolve) => setTimeout(() => resolve(true), ms))]);

describe('idempotency under concurrency (PostgreSQL race)', () => {
  it('the sandbox, like Stripe, answers 409 to a request whose key another request is still using, then replays the first answer', async () => {
    const keys = stripeKeysOf(t.ctx.config);
    const headers = {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Bearer ${keys.secretKey}`,
      'idempotency-key': `concurrent-${Date.now()}`,
    };
    const create = () => t.request({ url: '/v1/customers', body: 'name=twin', headers });
    const lock = await holdTableLock(t, SANDBOX_OBJECTS);
    const first = create();
    await waitForLockWaiters(t, 1); // the first holds the key and waits to store its customer
    const duplicates = await Promise.all([create(), create()]);
    await lock.release();
    const created = await first;

    expect(duplicates.map((answer) => answer.status)).toEqual([409, 409]);
    for (const answer of duplicates) expect(answer.body.error).toMatchObject({ type: 'idempotency_error', message: IN_PROGRESS });
    expect(created.status).toBe(200);
    const replay = await create();
    expect(replay.status).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body.id).toBe(created.body.id);
    const customers = await t.ctx.db.select().from(sandboxObjects).where(eq(sandboxObjects.object, 'customer'));
    expect(customers.filter((row) => row.data.name === 'twin')).toHaveLength(1);
  });

  it('a finalize on a second server while the first is inside the provider call answers 409 "being processed"; its retry answers the same subscription', async () => {
    const { user, secret } = await confirmedPayment();
    const secondServer = await buildApp({
      config: t.ctx.config,
      database: t.database,
      clock: t.clock,
      loginLimits: { perAccount: 1000, perIp: 1000 },
    });
    try {
      await secondServer.ready();
      const lock = await holdTableLock(t, SANDBOX_OBJECTS);
      const first = finalizeOn(t.app, user.ApplicationId, secret);
      await waitForLockWaiters(t, 1);
      const meanwhile = await finalizeOn(secondServer, user.ApplicationId, secret);
      await lock.release();

      expect(meanwhile.status).toBe(409);
      expect(meanwhile.body.Message).toBe('This payment is already being processed. Please wait a moment and try again.');
      const done = await first;
      expect(done.status).toBe(200);
      const retry = await finalizeOn(secondServer, user.ApplicationId, secret);
      // The same subscription; only the call that created it signs the new Owner in.
      expect(done.body.Result.Session).not.toBeNull();
      expect(retry).toEqual({ ...done, body: { ...done.body, Result: { ...done.body.Result, Session: null } } });
      expect(await subscriptionsOf(user.ApplicationId)).toHaveLength(1);
    } finally {
      await secondServer.close();
    }
  });

  it('finalizing twice at once on one server answers the same twice: the second waits for the first instead of meeting it at the provider', async () => {
    const { user, secret } = await confirmedPayment();
    const lock = await holdTableLock(t, SANDBOX_OBJECTS);
    const first = finalizeOn(t.app, user.ApplicationId, secret);
    await waitForLockWaiters(t, 1); // the first is inside the provider call
    const second = finalizeOn(t.app, user.ApplicationId, secret);
    // Unqueued, the second reaches the provider within milliseconds and hears 409; queued, it waits.
    const waited = await stillPendingAfter(second, 500);
    await lock.release();
    const [a, b] = await Promise.all([first, second]);

    expect(waited).toBe(true);
    expect([a.status, b.status]).toEqual([200, 200]);
    // The same subscription twice; only the call that created it carries the new Owner's session.
    expect([a.body.Result.Session, b.body.Result.Session].filter((session) => session !== null)).toHaveLength(1);
    expect({ ...b.body.Result, Session: null }).toEqual({ ...a.body.Result, Session: null });
    expect(await subscriptionsOf(user.ApplicationId)).toHaveLength(1);
    const providerSubscriptions = (await t.ctx.db.select().from(sandboxObjects).where(eq(sandboxObjects.object, 'subscription'))).filter(
      (s) => (s.data.metadata as Record<string, string>).registration_id === user.ApplicationId,
    );
    expect(providerSubscriptions).toHaveLength(1);
  });
});
