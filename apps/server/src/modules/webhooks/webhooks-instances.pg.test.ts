// Runs only in the PostgreSQL pass (TEST_DATABASE_URL): two app instances on one database, as behind
// a load balancer, each with its webhook dispatcher, deliver every event once (issue 35 part C).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { EMPTY_ID, WEBHOOKS_PER_TENANT } from '@plansmith/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { startPgProxy } from '../../../test/pg-proxy.ts';
import { holdTableLock, requirePostgres, waitForLockWaiters } from '../../../test/pg-race.ts';
import { createPlan, createPlanWithItem } from '../../../test/planning-factories.ts';
import { createSecondInstance, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/webhook-receiver.ts';
import { webhookDeliveries, webhooks } from '../../schema/webhooks.ts';

const EVENTS = 30;

let first: TestApp;
let second: Awaited<ReturnType<typeof createSecondInstance>>;
let tenant: TestTenant;
let receiver: WebhookReceiver;

beforeAll(async () => {
  first = await createTestApp();
  requirePostgres(first);
  second = await createSecondInstance(first);
  tenant = await createTenant(first);
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.close();
  await second.close();
  await first.close();
});

describe('two instances on one PostgreSQL database', () => {
  it('deliver each event once: their dispatchers, released together, claim different deliveries', async () => {
    const owner = await tenant.tokenFor('owner');
    const saved = await first.post(
      '/api/WebhookClient/Save',
      { Id: EMPTY_ID, Url: receiver.url, Events: ['expense.created'], Active: true },
      owner,
    );
    expect(saved.status, saved.text).toBe(200);
    const hookId = saved.body.Result.Webhook.Id as string;
    const { plan, item } = await createPlanWithItem(first, tenant);
    // Half the expenses through each instance.
    const instances = [first, second];
    const responses = await Promise.all(
      Array.from({ length: EVENTS }, (_, n) =>
        (instances[n % 2] as typeof first).post(
          '/api/ExpenseClient/Save',
          {
            Id: EMPTY_ID,
            MarketingPlanId: plan.id,
            BudgetItemId: item.id,
            Name: `Race ${n}`,
            PurchaseDate: '2026-03-01',
            Amount: n + 1,
            Status: 3,
            CategoryType: 1,
          },
          owner,
        ),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(EVENTS).fill(200));

    // Every claim waits on the table lock; released together, the two dispatchers' claims overlap.
    const lock = await holdTableLock(first, 'webhook_deliveries');
    const rounds = Promise.all([first.app.webhookDispatcher.dispatch(), second.app.webhookDispatcher.dispatch()]);
    await waitForLockWaiters(first, 2);
    await lock.release();
    const outcomes = await rounds;
    // Whatever one round left (it stops when a claim comes back short), the next rounds finish.
    await Promise.all([first.app.webhookDispatcher.dispatch(), second.app.webhookDispatcher.dispatch()]);

    expect(outcomes.every((outcome) => outcome.delivered > 0)).toBe(true);
    expect(receiver.received).toHaveLength(EVENTS);
    const deliveryIds = receiver.received.map((request) => request.headers['plansmith-delivery']);
    expect(new Set(deliveryIds).size).toBe(EVENTS);
    const eventIds = receiver.received.map((request) => JSON.parse(request.body).Id);
    expect(new Set(eventIds).size).toBe(EVENTS);
    const rows = await first.ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, hookId));
    expect(rows).toHaveLength(EVENTS);
    expect(rows.every((row) => row.status === 2 && row.attempts === 1)).toBe(true);
  });

  it("deliver a delivery whose instance died after claiming it, once the claim's lease ran out", async () => {
    const victim = await createTenant(first);
    // A receiver that holds the first request open (the instance dies while waiting) and answers the rest.
    const requests: Array<{ delivery: string; event: string }> = [];
    const held: http.ServerResponse[] = [];
    const server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        requests.push({
          delivery: String(request.headers['plansmith-delivery']),
          event: JSON.parse(Buffer.concat(chunks).toString('utf8')).Id,
        });
        if (requests.length === 1) held.push(response);
        else response.end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
    try {
      const owner = await victim.tokenFor('owner');
      const saved = await first.post('/api/WebhookClient/Save', { Id: EMPTY_ID, Url: url, Events: ['plan.created'], Active: true }, owner);
      expect(saved.status, saved.text).toBe(200);
      await createPlan(first, victim);

      // An instance of its own (behind a proxy: its database connection can be cut) claims the
      // delivery, POSTs it, and dies before it can record the answer.
      const proxy = await startPgProxy(requirePostgres(first));
      const dying = await createSecondInstance(first, { databaseUrl: proxy.url });
      const dispatching = dying.app.webhookDispatcher.dispatch().then(
        () => 'recorded',
        () => 'died',
      );
      const until = Date.now() + 10_000;
      while (requests.length === 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(requests).toHaveLength(1);
      await proxy.cut();
      for (const response of held) response.end('ok');
      expect(await dispatching).toBe('died');
      await dying.close().catch(() => undefined);
      await proxy.close();
      const hookId = saved.body.Result.Webhook.Id as string;
      const [claimed] = await first.ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, hookId));
      // Claimed (the attempt counted, leased 2 minutes ahead), its outcome never written.
      expect(claimed).toMatchObject({ status: 1, attempts: 1, responseStatus: null, error: null });

      // Within the lease no other instance touches it.
      expect(await first.app.webhookDispatcher.dispatch()).toEqual({ delivered: 0, retried: 0, failed: 0 });
      expect(requests).toHaveLength(1);
      // Past the lease (2 minutes), the other instance delivers it: the same delivery and event ids.
      first.clock.advance(2 * 60_000 + 1000);
      expect(await first.app.webhookDispatcher.dispatch()).toEqual({ delivered: 1, retried: 0, failed: 0 });
      expect(requests).toHaveLength(2);
      expect(requests[1]).toEqual(requests[0]);
      const [row] = await first.ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, hookId));
      expect(row).toMatchObject({ status: 2, attempts: 2, responseStatus: 200 });
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('never exceed the webhook limit when creates race: one of four concurrent tenth hooks is made', async () => {
    const racer = await createTenant(first);
    const owner = await racer.tokenFor('owner');
    const body = { Id: EMPTY_ID, Url: receiver.url, Events: ['plan.created'], Active: true };
    for (let n = 0; n < WEBHOOKS_PER_TENANT - 1; n += 1)
      expect((await first.post('/api/WebhookClient/Save', body, owner)).status).toBe(200);
    // Every create stops at the held lock (its insert, or the limit's lock behind the first one); released together.
    const lock = await holdTableLock(first, 'webhooks');
    const creates = Promise.all(
      [first, second, first, second].map((instance) => (instance as typeof first).post('/api/WebhookClient/Save', body, owner)),
    );
    await waitForLockWaiters(first, 4);
    await lock.release();
    const statuses = (await creates).map((response) => response.status).sort();
    expect(statuses).toEqual([200, 400, 400, 400]);
    const rows = await first.ctx.db.select().from(webhooks).where(eq(webhooks.tenantId, racer.id));
    expect(rows).toHaveLength(WEBHOOKS_PER_TENANT);
  });
});
