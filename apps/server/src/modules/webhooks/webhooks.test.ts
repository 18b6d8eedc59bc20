// Webhooks (DESIGN.md §18, issue 35 part C) through the real app and a real receiver on loopback:
// the outbox filled by the database's triggers, signed deliveries, retries and their backoff, the
// 24-hour give-up, the rules of Save (versions, plans, roles, tokens, tenants) and the audit event.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  EMPTY_ID,
  SESSION_ONLY_MESSAGE,
  WEBHOOK_LIMIT_MESSAGE,
  WEBHOOK_PLAN_MESSAGE,
  WEBHOOKS_PER_TENANT,
  WebhookApprovalDataSchema,
  WebhookBudgetItemDataSchema,
  WebhookExpenseDataSchema,
  WebhookMonthClosedDataSchema,
  WebhookPayloadSchema,
  WebhookPlanDataSchema,
} from '@plansmith/contract';
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiToken } from '../../../test/api-token-factories.ts';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { COMMIT, previewBody, setup as importSetup, UNDO } from '../../../test/imports-fixture.ts';
import {
  createCategory,
  createExpenseRow,
  createItem,
  createPlan,
  createPlanWithItem,
  insertRate,
} from '../../../test/planning-factories.ts';
import { snapshotTenant } from '../../../test/tenant-snapshot.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { startWebhookReceiver, verifySignature, type WebhookReceiver } from '../../../test/webhook-receiver.ts';
import { approvalRequests } from '../../schema/approvals.ts';
import { budgetItemMonths, budgetItems } from '../../schema/budget.ts';
import { securityEvents } from '../../schema/audit.ts';
import { createWebhookDispatcher, WEBHOOK_LOG_RETENTION_DAYS } from './webhook-dispatcher.ts';
import { planPeriods } from '../../schema/forecast.ts';
import { marketingPlans } from '../../schema/plans.ts';
import { expenses } from '../../schema/expenses.ts';
import { webhookDeliveries, webhookEvents, webhooks } from '../../schema/webhooks.ts';

const SAVE = '/api/WebhookClient/Save';
const LIST = '/api/WebhookClient/List';
const DELETE = '/api/WebhookClient/Delete';
const TEST = '/api/WebhookClient/Test';
const DELIVERIES = '/api/WebhookClient/Deliveries';

let t: TestApp;
let home: TestTenant;
let other: TestTenant;
let receiver: WebhookReceiver;

beforeAll(async () => {
  t = await createTestApp();
  home = await createTenant(t, { name: 'Hooked', planCode: 'agility' });
  other = await createTenant(t, { name: 'Other' });
});
afterAll(async () => t.close());
beforeEach(async () => {
  receiver = await startWebhookReceiver();
});
afterEach(async () => {
  await receiver.close();
  // Each test starts without webhooks (and so without deliveries).
  await t.ctx.db.delete(webhooks);
  await t.ctx.db.delete(webhookEvents);
});

type Saved = { Webhook: { Id: string; Version: number; Url: string; Events: string[] }; Secret: string | null };
const createHook = async (tenant: TestTenant, body: Record<string, unknown> = {}): Promise<Saved> => {
  const response = await t.post(
    SAVE,
    { Id: EMPTY_ID, Url: receiver.url, Events: ['expense.created', 'expense.updated', 'expense.deleted'], Active: true, ...body },
    await tenant.tokenFor('owner'),
  );
  expect(response.status, response.text).toBe(200);
  return response.body.Result;
};

const saveExpense = async (tenant: TestTenant, planId: string, itemId: string, amount = 19.99, name = 'Conference booth') => {
  const response = await t.post(
    '/api/ExpenseClient/Save',
    {
      Id: EMPTY_ID,
      MarketingPlanId: planId,
      BudgetItemId: itemId,
      Name: name,
      PurchaseDate: '2026-03-01',
      Amount: amount,
      Status: 3,
      CategoryType: 1,
    },
    await tenant.tokenFor('owner'),
  );
  expect(response.status, response.text).toBe(200);
  return response.body.Result as { Id: string; Version: number };
};

const deliveriesOf = async (webhookId: string) => {
  const response = await t.post(DELIVERIES, { WebhookId: webhookId, Page: 1 }, await home.tokenFor('owner'));
  expect(response.status, response.text).toBe(200);
  return response.body.Result as { Items: Array<Record<string, unknown>>; Total: number };
};

describe('a delivery', () => {
  it('is POSTed once per event with a signature the receiver verifies with the secret (computed apart)', async () => {
    const hook = await createHook(home);
    expect(hook.Secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const { plan, item } = await createPlanWithItem(t, home);
    const expense = await saveExpense(home, plan.id, item.id, 19.99);
    expect(await t.app.webhookDispatcher.dispatch()).toEqual({ delivered: 1, retried: 0, failed: 0 });

    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    if (!request) throw new Error('nothing received');
    const signature = verifySignature(request.headers['plansmith-signature'] as string, request.body, hook.Secret as string);
    expect(signature.ok).toBe(true);
    expect(signature.t).toBe(Math.floor(t.clock.now().getTime() / 1000));
    // Another secret, or one changed byte of the body, does not verify.
    expect(verifySignature(request.headers['plansmith-signature'] as string, request.body, 'whsec_other').ok).toBe(false);
    expect(
      verifySignature(request.headers['plansmith-signature'] as string, request.body.replace('19.99', '19.98'), hook.Secret as string).ok,
    ).toBe(false);
    expect(request.headers['plansmith-event']).toBe('expense.created');
    expect(request.headers['content-type']).toBe('application/json');

    const payload = WebhookPayloadSchema.parse(JSON.parse(request.body));
    expect(payload).toMatchObject({ Type: 'expense.created', TenantId: home.id });
    const data = WebhookExpenseDataSchema.parse(payload.Data);
    expect(data).toMatchObject({ Id: expense.Id, Amount: 19.99, BaseAmount: 19.99, Currency: 'USD', Name: 'Conference booth', Version: 1 });
    // The body's amounts are decimals as written: 19.99, not 1999 or 19.990000.
    expect(request.body).toContain('"Amount":19.99,');
    // PascalCase fields in the contract's order.
    expect(Object.keys(JSON.parse(request.body))).toEqual(['Id', 'Type', 'CreatedAt', 'TenantId', 'Data']);
    expect(Object.keys(JSON.parse(request.body).Data)).toEqual(Object.keys(WebhookExpenseDataSchema.shape));

    const log = await deliveriesOf(hook.Webhook.Id);
    expect(log.Total).toBe(1);
    expect(log.Items[0]).toMatchObject({
      Id: request.headers['plansmith-delivery'],
      EventId: payload.Id,
      Event: 'expense.created',
      Status: 'delivered',
      Attempts: 1,
      ResponseStatus: 200,
      Error: null,
      NextAttemptAt: null,
    });
    expect(typeof log.Items[0]?.ResponseMs).toBe('number');
    // Nothing more is sent on the next round.
    expect(await t.app.webhookDispatcher.dispatch()).toEqual({ delivered: 0, retried: 0, failed: 0 });
    expect(receiver.received).toHaveLength(1);
  });

  it('carries updates and deletions (the row as it was), only for the events the webhook chose', async () => {
    const hook = await createHook(home, { Events: ['expense.deleted', 'budget_item.created'] });
    const { plan, item } = await createPlanWithItem(t, home);
    const expense = await saveExpense(home, plan.id, item.id, 250, 'Swag');
    const update = await t.post(
      '/api/ExpenseClient/Save',
      {
        Id: expense.Id,
        Version: expense.Version,
        MarketingPlanId: plan.id,
        BudgetItemId: item.id,
        Name: 'Swag',
        PurchaseDate: '2026-03-01',
        Amount: 300,
        Status: 3,
        CategoryType: 1,
      },
      await home.tokenFor('owner'),
    );
    expect(update.status, update.text).toBe(200);
    const removed = await t.post('/api/ExpenseClient/Delete', { ExpenseId: expense.Id, Version: 2 }, await home.tokenFor('owner'));
    expect(removed.status, removed.text).toBe(200);
    await t.app.webhookDispatcher.dispatch();
    // expense.created and expense.updated were not chosen; plan.created neither.
    const bodies = receiver.received.map((request) => JSON.parse(request.body));
    expect(bodies.map((body) => body.Type).sort()).toEqual(['budget_item.created', 'expense.deleted']);
    expect(bodies.find((body) => body.Type === 'expense.deleted').Data).toMatchObject({ Id: expense.Id, Amount: 300, Version: 2 });
    expect(bodies.find((body) => body.Type === 'budget_item.created').Data).toMatchObject({
      Id: item.id,
      Name: 'Paid search',
      Amount: 10_000,
    });
    expect(hook.Webhook.Events).toEqual(['expense.deleted', 'budget_item.created']);
  });

  it('is retried after a failing receiver (30 s, then 1 min) and then delivered', async () => {
    const hook = await createHook(home);
    receiver.answer = (_request, index) => (index < 2 ? 500 : 204);
    const { plan, item } = await createPlanWithItem(t, home);
    await saveExpense(home, plan.id, item.id);

    expect(await t.app.webhookDispatcher.dispatch()).toEqual({ delivered: 0, retried: 1, failed: 0 });
    let [entry] = (await deliveriesOf(hook.Webhook.Id)).Items;
    const firstTry = t.clock.now().getTime();
    expect(entry).toMatchObject({ Status: 'pending', Attempts: 1, ResponseStatus: 500, Error: 'The receiver answered HTTP 500.' });
    expect(Date.parse(entry?.NextAttemptAt as string)).toBe(firstTry + 30_000);

    // Not due yet: nothing is sent.
    t.clock.advance(29_000);
    expect(await t.app.webhookDispatcher.dispatch()).toEqual({ delivered: 0, retried: 0, failed: 0 });
    t.clock.advance(1_000);
    expect(await t.app.webhookDispatcher.dispatch()).toEqual({ delivered: 0, retried: 1, failed: 0 });
    [entry] = (await deliveriesOf(hook.Webhook.Id)).Items;
    expect(entry).toMatchObject({ Status: 'pending', Attempts: 2 });
    expect(Date.parse(entry?.NextAttemptAt as string)).toBe(t.clock.now().getTime() + 60_000);

    t.clock.advance(60_000);
    expect(await t.app.webhookDispatcher.dispatch()).toEqual({ delivered: 1, retried: 0, failed: 0 });
    [entry] = (await deliveriesOf(hook.Webhook.Id)).Items;
    expect(entry).toMatchObject({ Status: 'delivered', Attempts: 3, ResponseStatus: 204, Error: null, NextAttemptAt: null });
    // The same event each time: one EventId, three requests.
    expect(new Set(receiver.received.map((request) => JSON.parse(request.body).Id)).size).toBe(1);
    expect(receiver.received).toHaveLength(3);
  });

  it('is failed after 24 hours of failures, the waits doubling up to 4 hours', async () => {
    const hook = await createHook(home);
    receiver.answer = () => 503;
    const { plan, item } = await createPlanWithItem(t, home);
    await saveExpense(home, plan.id, item.id);
    const start = t.clock.now().getTime();
    const waits: number[] = [];
    // Read from the table: a day later the test's session has ended.
    const delivery = async () => {
      const [row] = await t.ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, hook.Webhook.Id));
      if (!row) throw new Error('no delivery');
      return row;
    };
    for (let round = 0; round < 40; round += 1) {
      const outcome = await t.app.webhookDispatcher.dispatch();
      const row = await delivery();
      if (outcome.failed === 1) {
        expect(row).toMatchObject({ status: 3, nextAttemptAt: null, responseStatus: 503 });
        break;
      }
      const next = row.nextAttemptAt?.getTime() ?? Number.NaN;
      waits.push((next - t.clock.now().getTime()) / 1000);
      t.clock.set(new Date(next));
    }
    expect(waits.slice(0, 10)).toEqual([30, 60, 120, 240, 480, 960, 1920, 3840, 7680, 14400]);
    expect(waits.every((wait) => wait <= 14_400)).toBe(true);
    const elapsedHours = (t.clock.now().getTime() - start) / 3_600_000;
    expect(elapsedHours).toBeGreaterThan(20);
    expect(elapsedHours).toBeLessThanOrEqual(24);
    expect(receiver.received).toHaveLength(waits.length + 1);
    // Failed for good: the next rounds send nothing.
    t.clock.advance(10 * 3_600_000);
    expect(await t.app.webhookDispatcher.dispatch()).toEqual({ delivered: 0, retried: 0, failed: 0 });
    expect(receiver.received).toHaveLength(waits.length + 1);
    // Back to the day the other tests' sessions were opened.
    t.clock.set(new Date(start));
  });

  it('sent again after a slow attempt outlived its lease: the late answer does not overwrite the delivered outcome', async () => {
    // A receiver that holds the first request until told, and answers the others 200.
    const held: Array<(status: number) => void> = [];
    let requests = 0;
    const server = http.createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        requests += 1;
        if (requests === 1) held.push((status) => response.writeHead(status).end());
        else response.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const start = t.clock.now().getTime();
    try {
      const hook = await createHook(home, {
        Url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
        Events: ['plan.created'],
      });
      await createPlan(t, home);
      const slow = createWebhookDispatcher(t.ctx);
      const slowRound = slow.dispatch();
      const until = Date.now() + 5000;
      while (held.length === 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(held).toHaveLength(1);
      // The lease (2 minutes) runs out while the receiver keeps the slow attempt waiting: another
      // dispatcher claims the delivery and gets a 200.
      t.clock.advance(2 * 60_000 + 1000);
      expect(await t.app.webhookDispatcher.dispatch()).toEqual({ delivered: 1, retried: 0, failed: 0 });
      // The slow attempt's 500 comes in afterwards: not written, not counted.
      held[0]?.(500);
      expect(await slowRound).toEqual({ delivered: 0, retried: 0, failed: 0 });
      const log = await deliveriesOf(hook.Webhook.Id);
      expect(log.Items).toHaveLength(1);
      expect(log.Items[0]).toMatchObject({ Status: 'delivered', Attempts: 2, ResponseStatus: 200, Error: null, NextAttemptAt: null });
    } finally {
      t.clock.set(new Date(start));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('of a receiver that does not answer is retried, with the reason in the log', async () => {
    const hook = await createHook(home, { Url: 'http://127.0.0.1:9/closed' });
    const { plan, item } = await createPlanWithItem(t, home);
    await saveExpense(home, plan.id, item.id);
    expect(await t.app.webhookDispatcher.dispatch()).toEqual({ delivered: 0, retried: 1, failed: 0 });
    const [entry] = (await deliveriesOf(hook.Webhook.Id)).Items;
    expect(entry).toMatchObject({ Status: 'pending', ResponseStatus: null, Attempts: 1 });
    expect(entry?.Error).toMatch(/ECONNREFUSED/);
  });
});

describe('the outbox', () => {
  it('gets one event per row of an import', async () => {
    const fixture = await importSetup(t);
    const hook = await createHook(fixture.tenant, { Events: ['expense.created'] });
    const response = await t.post(COMMIT, { ...previewBody(fixture.plan.id), SkipDuplicates: false }, fixture.token);
    expect(response.status, response.text).toBe(200);
    const created = response.body.Result.Created as number;
    expect(created).toBe(4);
    const events = await t.ctx.db.select().from(webhookEvents).where(eq(webhookEvents.tenantId, fixture.tenant.id));
    expect(events).toHaveLength(created);
    const [stored] = await t.ctx.db
      .select({ n: count() })
      .from(expenses)
      .where(and(eq(expenses.tenantId, fixture.tenant.id), eq(expenses.name, 'Existing')));
    expect(stored?.n).toBe(1);
    const [deliveries] = await t.ctx.db
      .select({ n: count() })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, hook.Webhook.Id));
    expect(deliveries?.n).toBe(created);
  });

  it("gets one expense.deleted per row an import's undo removes", async () => {
    const fixture = await importSetup(t);
    await createHook(fixture.tenant, { Events: ['expense.deleted'] });
    const committed = await t.post(COMMIT, { ...previewBody(fixture.plan.id), SkipDuplicates: true }, fixture.token);
    expect(committed.body.Result.Created).toBe(2);
    const undone = await t.post(UNDO, { ImportId: committed.body.Result.ImportId }, fixture.token);
    expect(undone.body.Result, undone.text).toMatchObject({ Removed: 2 });
    const events = await t.ctx.db.select().from(webhookEvents).where(eq(webhookEvents.tenantId, fixture.tenant.id));
    expect(events.map((event) => event.type)).toEqual(['expense.deleted', 'expense.deleted']);
    expect(events.map((event) => (event.data as { Payee: string }).Payee).sort()).toEqual(['Google', 'Hotel']);
  });

  it('gets nothing from a write that is rolled back', async () => {
    await createHook(home);
    const { plan, item } = await createPlanWithItem(t, home);
    const before = await t.ctx.db.select({ n: count() }).from(webhookEvents).where(eq(webhookEvents.tenantId, home.id));
    await expect(
      t.ctx.db.transaction(async (tx) => {
        await tx.insert(expenses).values({
          tenantId: home.id,
          id: crypto.randomUUID(),
          marketingPlanId: plan.id,
          budgetItemId: item.id,
          name: 'Rolled back',
          purchaseDate: '2026-03-01',
          amountCents: 1_000,
          categoryType: 1,
        });
        // Inside the transaction the event is there …
        const [inside] = await tx.select({ n: count() }).from(webhookEvents).where(eq(webhookEvents.tenantId, home.id));
        expect(inside?.n).toBe((before[0]?.n ?? 0) + 1);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    // … and gone with the write.
    const after = await t.ctx.db.select({ n: count() }).from(webhookEvents).where(eq(webhookEvents.tenantId, home.id));
    expect(after).toEqual(before);
    expect(await t.app.webhookDispatcher.dispatch()).toEqual({ delivered: 0, retried: 0, failed: 0 });
  });

  it('gets nothing for a tenant without an active webhook for the event', async () => {
    await createHook(home, { Active: false });
    await createHook(other, { Events: ['plan.created'] });
    const { plan, item } = await createPlanWithItem(t, home);
    await saveExpense(home, plan.id, item.id);
    const rows = await t.ctx.db.select().from(webhookEvents).where(eq(webhookEvents.tenantId, home.id));
    expect(rows).toEqual([]);
  });
});

describe('the events', () => {
  const eventsOf = async (tenantId: string) =>
    (await t.ctx.db.select().from(webhookEvents).where(eq(webhookEvents.tenantId, tenantId))).map((row) => ({
      type: row.type,
      data: row.data,
    }));

  it('plan.created|updated|deleted for plans, nothing for a play (a template)', async () => {
    await createHook(home, { Events: ['plan.created', 'plan.updated', 'plan.deleted'] });
    const plan = await createPlan(t, home, { name: 'Launch' });
    await createPlan(t, home, { name: 'A play', state: 3 });
    await t.ctx.db
      .update(marketingPlans)
      .set({ name: 'Launch 2' })
      .where(and(eq(marketingPlans.tenantId, home.id), eq(marketingPlans.id, plan.id)));
    // A change of updated_at alone bumps no version: no event.
    await t.ctx.db
      .update(marketingPlans)
      .set({ updatedAt: new Date() })
      .where(and(eq(marketingPlans.tenantId, home.id), eq(marketingPlans.id, plan.id)));
    await t.ctx.db.delete(marketingPlans).where(and(eq(marketingPlans.tenantId, home.id), eq(marketingPlans.id, plan.id)));
    const events = await eventsOf(home.id);
    expect(events.map((event) => event.type)).toEqual(['plan.created', 'plan.updated', 'plan.deleted']);
    expect(events.map((event) => WebhookPlanDataSchema.parse(event.data))).toMatchObject([
      { Id: plan.id, Name: 'Launch', Version: 1, Currency: 'USD', StartDate: '2026-01-01' },
      { Name: 'Launch 2', Version: 2 },
      { Name: 'Launch 2', Version: 2 },
    ]);
  });

  it('approval.decided when a pending request is approved or rejected, not when it is asked or withdrawn', async () => {
    await createHook(home, { Events: ['approval.decided'] });
    const { plan, item } = await createPlanWithItem(t, home);
    const ask = async (what: string) => {
      const id = crypto.randomUUID();
      await t.ctx.db
        .insert(approvalRequests)
        .values({ tenantId: home.id, id, kind: 2, marketingPlanId: plan.id, budgetItemId: item.id, what, amountCents: 12_345 });
      return id;
    };
    const decide = (id: string, status: 2 | 3 | 4) =>
      t.ctx.db
        .update(approvalRequests)
        .set({
          status,
          decidedBy: home.users.admin.id,
          decidedAt: new Date('2026-03-02T10:00:00Z'),
          note: status === 3 ? 'Too much' : null,
        })
        .where(and(eq(approvalRequests.tenantId, home.id), eq(approvalRequests.id, id)));
    const approved = await ask('More budget');
    const rejected = await ask('Even more');
    const withdrawn = await ask('Never mind');
    await decide(approved, 2);
    await decide(rejected, 3);
    await decide(withdrawn, 4);
    const events = (await eventsOf(home.id)).map((event) => WebhookApprovalDataSchema.parse(event.data));
    expect(events).toEqual([
      expect.objectContaining({
        Id: approved,
        Kind: 'budget_change',
        Decision: 'approved',
        BaseAmount: 123.45,
        DecidedBy: home.users.admin.id,
        DecidedAt: '2026-03-02T10:00:00.000Z',
      }),
      expect.objectContaining({ Id: rejected, Decision: 'rejected', Note: 'Too much' }),
    ]);
  });

  it('budget_item.updated when a month is typed in the grid (SetMonth) and the item total changes', async () => {
    const { item } = await createPlanWithItem(t, home, 120_000);
    await createHook(home, { Events: ['budget_item.updated'] });
    const typed = await t.post(
      '/api/BudgetItemClient/SetMonth',
      { BudgetItemId: item.id, Month: '2026-05', Amount: 250, YearTotal: null, Version: 1 },
      await home.tokenFor('owner'),
    );
    expect(typed.status, typed.text).toBe(200);
    const events = await eventsOf(home.id);
    expect(events.map((event) => event.type)).toEqual(['budget_item.updated']);
    expect(WebhookBudgetItemDataSchema.parse(events[0]?.data)).toMatchObject({
      Id: item.id,
      Amount: typed.body.Result.Item.Amount,
      Version: 2,
    });
  });

  it('budget_item.updated once when a pasted block moves amounts between months (SaveMonths; the item total and row unchanged)', async () => {
    const plan = await createPlan(t, home);
    const category = await createCategory(t, home, { name: 'Media', categoryType: 1 });
    const item = await createItem(t, home, {
      planId: plan.id,
      categoryId: category.id,
      amountCents: 120_000,
      months: { '2026-01': 60_000, '2026-02': 40_000, '2026-03': 20_000 },
    });
    await createHook(home, { Events: ['budget_item.updated'] });
    const saved = await t.post(
      '/api/BudgetItemClient/SaveMonths',
      {
        MarketingPlanId: plan.id,
        Items: [
          {
            BudgetItemId: item.id,
            Amount: 1200,
            Months: [
              { Month: '2026-01', Amount: 500 },
              { Month: '2026-02', Amount: 500 },
              { Month: '2026-03', Amount: 200 },
            ],
            Version: 1,
            Cells: [
              { Month: '2026-01', Version: 1 },
              { Month: '2026-02', Version: 1 },
              { Month: '2026-03', Version: 1 },
            ],
          },
        ],
      },
      await home.tokenFor('owner'),
    );
    expect(saved.status, saved.text).toBe(200);
    const events = await eventsOf(home.id);
    expect(events.map((event) => event.type)).toEqual(['budget_item.updated']);
    expect(WebhookBudgetItemDataSchema.parse(events[0]?.data)).toMatchObject({ Id: item.id, Amount: 1200, Version: 1 });
  });

  it('budget_item.updated once per item when months change in several statements of one transaction, with the latest item', async () => {
    const plan = await createPlan(t, home);
    const category = await createCategory(t, home, { name: 'Media', categoryType: 1 });
    const first = await createItem(t, home, {
      planId: plan.id,
      categoryId: category.id,
      amountCents: 100_000,
      months: { '2026-01': 100_000 },
    });
    const second = await createItem(t, home, {
      planId: plan.id,
      categoryId: category.id,
      amountCents: 50_000,
      months: { '2026-01': 50_000 },
    });
    await createHook(home, { Events: ['budget_item.updated'] });
    const monthsOf = (id: string) => and(eq(budgetItemMonths.tenantId, home.id), eq(budgetItemMonths.budgetItemId, id));
    await t.ctx.db.transaction(async (tx) => {
      // A roll-forward's shape: one statement moves money out of January of both items, the next into February.
      await tx
        .update(budgetItemMonths)
        .set({ amountCents: 0 })
        .where(
          and(
            eq(budgetItemMonths.tenantId, home.id),
            inArray(budgetItemMonths.budgetItemId, [first.id, second.id]),
            eq(budgetItemMonths.month, '2026-01-01'),
          ),
        );
      await tx.insert(budgetItemMonths).values([
        { tenantId: home.id, budgetItemId: first.id, month: '2026-02-01', amountCents: 100_000 },
        { tenantId: home.id, budgetItemId: second.id, month: '2026-02-01', amountCents: 50_000 },
      ]);
      await tx.delete(budgetItemMonths).where(and(monthsOf(first.id), eq(budgetItemMonths.month, '2026-01-01')));
      await tx
        .update(budgetItems)
        .set({ name: 'Renamed' })
        .where(and(eq(budgetItems.tenantId, home.id), eq(budgetItems.id, first.id)));
    });
    const events = await eventsOf(home.id);
    expect(events.map((event) => event.type)).toEqual(['budget_item.updated', 'budget_item.updated']);
    const data = events.map((event) => WebhookBudgetItemDataSchema.parse(event.data));
    expect(data.find((item) => item.Id === first.id)).toMatchObject({ Name: 'Renamed', Version: 2, Amount: 1000 });
    expect(data.find((item) => item.Id === second.id)).toMatchObject({ Version: 1, Amount: 500 });
    // A tenant without a hook for budget_item.updated gets nothing from its months.
    await t.ctx.db.delete(webhooks);
    await t.ctx.db.update(budgetItemMonths).set({ amountCents: 1 }).where(monthsOf(second.id));
    expect(await eventsOf(home.id)).toHaveLength(2);
  });

  it("budget_item.updated once per item when a month's close rolls its unspent budget forward (the total unchanged)", async () => {
    const plan = await createPlan(t, home);
    const category = await createCategory(t, home, { name: 'Media', categoryType: 1 });
    const item = await createItem(t, home, {
      planId: plan.id,
      categoryId: category.id,
      amountCents: 120_000,
      months: { '2026-01': 60_000, '2026-02': 60_000 },
    });
    await createHook(home, { Events: ['budget_item.updated', 'month.closed'] });
    const closed = await t.post(
      '/api/PlanPeriodClient/Close',
      { MarketingPlanId: plan.id, Month: '2026-01', Unspent: 'RollForward' },
      await home.tokenFor('owner'),
    );
    expect(closed.status, closed.text).toBe(200);
    const events = await eventsOf(home.id);
    expect(events.map((event) => event.type).sort()).toEqual(['budget_item.updated', 'month.closed']);
    const updated = events.find((event) => event.type === 'budget_item.updated');
    expect(WebhookBudgetItemDataSchema.parse(updated?.data)).toMatchObject({ Id: item.id, Amount: 1200 });
  });

  it('a new item phased in the transaction that created it: one budget_item.created with its amounts', async () => {
    const plan = await createPlan(t, home);
    const category = await createCategory(t, home, { name: 'Media', categoryType: 1 });
    await createHook(home, { Events: ['budget_item.created', 'budget_item.updated'] });
    const id = crypto.randomUUID();
    await t.ctx.db.transaction(async (tx) => {
      await tx.insert(budgetItems).values({
        tenantId: home.id,
        id,
        marketingPlanId: plan.id,
        budgetCategoryId: category.id,
        name: 'New',
        amountCents: 0,
        itemType: 1,
      });
      await tx.insert(budgetItemMonths).values({ tenantId: home.id, budgetItemId: id, month: '2026-04-01', amountCents: 30_000 });
      await tx
        .update(budgetItems)
        .set({ amountCents: 30_000 })
        .where(and(eq(budgetItems.tenantId, home.id), eq(budgetItems.id, id)));
    });
    const events = await eventsOf(home.id);
    expect(events.map((event) => event.type)).toEqual(['budget_item.created']);
    expect(WebhookBudgetItemDataSchema.parse(events[0]?.data)).toMatchObject({ Id: id, Amount: 300, Version: 2 });
  });

  it('nothing for the budget items, months and expenses of a play (a template), also when the play is deleted', async () => {
    await createHook(home, {
      Events: [
        'expense.created',
        'expense.updated',
        'expense.deleted',
        'budget_item.created',
        'budget_item.updated',
        'budget_item.deleted',
      ],
    });
    const play = await createPlan(t, home, { name: 'A play', state: 3 });
    const category = await createCategory(t, home, { name: 'Media', categoryType: 1 });
    const item = await createItem(t, home, {
      planId: play.id,
      categoryId: category.id,
      amountCents: 120_000,
      months: { '2026-01': 120_000 },
    });
    await createExpenseRow(t, home, {
      planId: play.id,
      itemId: item.id,
      categoryType: 1,
      amountCents: 1999,
      status: 1,
      purchaseDate: '2026-01-05',
      payee: null,
    });
    await t.ctx.db
      .update(budgetItems)
      .set({ name: 'Play item' })
      .where(and(eq(budgetItems.tenantId, home.id), eq(budgetItems.id, item.id)));
    await t.ctx.db
      .update(budgetItemMonths)
      .set({ amountCents: 100_000 })
      .where(and(eq(budgetItemMonths.tenantId, home.id), eq(budgetItemMonths.budgetItemId, item.id)));
    await t.ctx.db.update(expenses).set({ name: 'Play expense' }).where(eq(expenses.marketingPlanId, play.id));
    await t.ctx.db.delete(marketingPlans).where(and(eq(marketingPlans.tenantId, home.id), eq(marketingPlans.id, play.id)));
    expect(await eventsOf(home.id)).toEqual([]);
    // The same rows of a live plan do emit (and its deletion its items' and expenses' deletions).
    const live = await createPlan(t, home, { name: 'Live' });
    const liveItem = await createItem(t, home, { planId: live.id, categoryId: category.id, amountCents: 10_000 });
    await createExpenseRow(t, home, {
      planId: live.id,
      itemId: liveItem.id,
      categoryType: 1,
      amountCents: 1999,
      status: 1,
      purchaseDate: '2026-01-05',
      payee: null,
    });
    await t.ctx.db.delete(marketingPlans).where(and(eq(marketingPlans.tenantId, home.id), eq(marketingPlans.id, live.id)));
    expect((await eventsOf(home.id)).map((event) => event.type).sort()).toEqual([
      'budget_item.created',
      'budget_item.deleted',
      'expense.created',
      'expense.deleted',
    ]);
  });

  it('month.closed when a plan month is closed', async () => {
    await createHook(home, { Events: ['month.closed'] });
    const plan = await createPlan(t, home);
    await t.ctx.db
      .insert(planPeriods)
      .values({ tenantId: home.id, marketingPlanId: plan.id, month: '2026-01-01', unspent: 1, closedBy: home.users.owner.id });
    const [event] = await eventsOf(home.id);
    expect(event?.type).toBe('month.closed');
    expect(WebhookMonthClosedDataSchema.parse(event?.data)).toMatchObject({
      MarketingPlanId: plan.id,
      Month: '2026-01',
      Unspent: 'roll_forward',
      ClosedBy: home.users.owner.id,
    });
  });

  it('an expense in another currency: Amount in its own currency, BaseAmount in the base', async () => {
    await createHook(home, { Events: ['expense.created'] });
    await insertRate(t, home.id, 'EUR', '2026-03', '1.0825');
    const { plan, item } = await createPlanWithItem(t, home);
    const saved = await t.post(
      '/api/ExpenseClient/Save',
      {
        Id: EMPTY_ID,
        MarketingPlanId: plan.id,
        BudgetItemId: item.id,
        Name: 'Berlin',
        PurchaseDate: '2026-03-05',
        Amount: 1000,
        Currency: 'EUR',
        Status: 3,
        CategoryType: 1,
      },
      await home.tokenFor('owner'),
    );
    expect(saved.status, saved.text).toBe(200);
    const [event] = (await eventsOf(home.id)).filter((row) => row.type === 'expense.created');
    expect(WebhookExpenseDataSchema.parse(event?.data)).toMatchObject({ Currency: 'EUR', Amount: 1000, BaseAmount: 1082.5 });
  });
});

describe('Test and the delivery log', () => {
  it('Test sends a ping at once and answers its delivery; the log pages newest first', async () => {
    const hook = await createHook(home, { Active: false });
    const token = await home.tokenFor('admin');
    const ping = await t.post(TEST, { Id: hook.Webhook.Id }, token);
    expect(ping.status, ping.text).toBe(200);
    expect(ping.body.Result).toMatchObject({ Event: 'ping', Status: 'delivered', Attempts: 1, ResponseStatus: 200 });
    const body = JSON.parse(receiver.received[0]?.body ?? '{}');
    expect(body).toMatchObject({ Type: 'ping', Data: { WebhookId: hook.Webhook.Id } });
    expect(
      verifySignature(
        receiver.received[0]?.headers['plansmith-signature'] as string,
        receiver.received[0]?.body ?? '',
        hook.Secret as string,
      ).ok,
    ).toBe(true);

    for (let n = 0; n < 4; n += 1) {
      t.clock.advance(1000);
      await t.post(TEST, { Id: hook.Webhook.Id }, token);
    }
    const page = await t.post(DELIVERIES, { WebhookId: hook.Webhook.Id, Page: 2, PageSize: 2 }, token);
    expect(page.body.Result.Total).toBe(5);
    expect(page.body.Result.Items).toHaveLength(2);
    const all = (await t.post(DELIVERIES, { WebhookId: hook.Webhook.Id, Page: 1, PageSize: 5 }, token)).body.Result.Items;
    expect(page.body.Result.Items.map((item: { Id: string }) => item.Id)).toEqual(all.slice(2, 4).map((item: { Id: string }) => item.Id));
    const list = (await t.post(LIST, {}, token)).body.Result;
    expect(list[0]).toMatchObject({ Id: hook.Webhook.Id, LastDelivery: { Status: 'delivered', ResponseStatus: 200 } });
    expect(list[0].LastDelivery.At).toBe(all[0].CreatedAt);
  });
});

describe('the delivery log', () => {
  it(`keeps delivered and failed deliveries ${WEBHOOK_LOG_RETENTION_DAYS} days, pending ones until sent, and deletes events left without a delivery`, async () => {
    const hook = await createHook(home);
    const now = t.clock.now().getTime();
    const old = new Date(now - (WEBHOOK_LOG_RETENTION_DAYS + 1) * 24 * 3_600_000);
    const recent = new Date(now - (WEBHOOK_LOG_RETENTION_DAYS - 1) * 24 * 3_600_000);
    const make = async (createdAt: Date, status: 1 | 2 | 3) => {
      const [event] = await t.ctx.db
        .insert(webhookEvents)
        .values({ tenantId: home.id, type: 'ping', data: {}, createdAt })
        .returning({ id: webhookEvents.id });
      await t.ctx.db.insert(webhookDeliveries).values({
        tenantId: home.id,
        webhookId: hook.Webhook.Id,
        eventId: event?.id as string,
        status,
        createdAt,
        nextAttemptAt: new Date(now + 3_600_000),
      });
      return event?.id as string;
    };
    const oldDelivered = await make(old, 2);
    const oldFailed = await make(old, 3);
    const oldPending = await make(old, 1);
    const recentDelivered = await make(recent, 2);
    await createWebhookDispatcher(t.ctx).dispatch();
    const left = await t.ctx.db.select({ id: webhookEvents.id }).from(webhookEvents).where(eq(webhookEvents.tenantId, home.id));
    expect(left.map((row) => row.id).sort()).toEqual([oldPending, recentDelivered].sort());
    expect(left.map((row) => row.id)).not.toContain(oldDelivered);
    expect(left.map((row) => row.id)).not.toContain(oldFailed);
    expect((await deliveriesOf(hook.Webhook.Id)).Total).toBe(2);
  });
});

describe('Save', () => {
  it('keeps the secret sealed, answers it on create and on rotation only, and records webhook_changed once per change', async () => {
    const token = await home.tokenFor('owner');
    const hook = await createHook(home);
    const [stored] = await t.database.queryRows<{ text: string }>('SELECT w::text AS text FROM webhooks w WHERE id = $1', [
      hook.Webhook.Id,
    ]);
    expect(stored?.text).not.toContain((hook.Secret as string).slice(6));
    const list = await t.post(LIST, {}, token);
    expect(list.text).not.toContain((hook.Secret as string).slice(6));

    const same = { Id: hook.Webhook.Id, Url: hook.Webhook.Url, Events: hook.Webhook.Events, Active: true, Version: 1 };
    const unchanged = await t.post(SAVE, same, token);
    expect(unchanged.body.Result).toMatchObject({ Secret: null, Webhook: { Version: 1 } });
    const renamed = await t.post(SAVE, { ...same, Events: ['plan.created'] }, token);
    expect(renamed.body.Result).toMatchObject({ Secret: null, Webhook: { Version: 2, Events: ['plan.created'] } });
    const rotated = await t.post(SAVE, { ...same, Events: ['plan.created'], Version: 2, RotateSecret: true }, token);
    expect(rotated.body.Result.Secret).toMatch(/^whsec_/);
    expect(rotated.body.Result.Secret).not.toBe(hook.Secret);
    expect(rotated.body.Result.Webhook.Version).toBe(3);
    // The new secret signs from now on.
    await t.post(TEST, { Id: hook.Webhook.Id }, token);
    const last = receiver.received.at(-1);
    expect(verifySignature(last?.headers['plansmith-signature'] as string, last?.body ?? '', rotated.body.Result.Secret).ok).toBe(true);
    expect(verifySignature(last?.headers['plansmith-signature'] as string, last?.body ?? '', hook.Secret as string).ok).toBe(false);

    const removed = await t.post(DELETE, { Id: hook.Webhook.Id, Version: 3 }, token);
    expect(removed.status, removed.text).toBe(200);
    const events = await t.ctx.db
      .select({ summary: securityEvents.summary, userId: securityEvents.userId })
      .from(securityEvents)
      .where(
        and(eq(securityEvents.tenantId, home.id), eq(securityEvents.kind, 'webhook_changed'), eq(securityEvents.entityId, hook.Webhook.Id)),
      );
    expect(events.map((event) => event.summary)).toEqual([
      `Created webhook ${receiver.url} (expense.created, expense.updated, expense.deleted)`,
      `Changed webhook ${receiver.url}: events plan.created`,
      `Changed webhook ${receiver.url}: signing secret rotated`,
      `Deleted webhook ${receiver.url} (plan.created)`,
    ]);
    expect(events.every((event) => event.userId === home.users.owner.id)).toBe(true);
    expect(JSON.stringify(events)).not.toContain((hook.Secret as string).slice(6));
  });

  it('checks versions: 400 without one, 409 naming who with the current webhook, then "save mine" works', async () => {
    const hook = await createHook(home);
    const owner = await home.tokenFor('owner');
    const admin = await home.tokenFor('admin');
    const body = { Id: hook.Webhook.Id, Url: receiver.url, Events: ['plan.created'], Active: true };
    const missing = await t.post(SAVE, body, owner);
    expect(missing.status).toBe(400);
    expect(missing.text).toContain('Version is required');
    expect((await t.post(SAVE, { ...body, Version: 1 }, admin)).status).toBe(200);
    const stale = await t.post(SAVE, { ...body, Events: ['plan.deleted'], Version: 1 }, owner);
    expect(stale.status).toBe(409);
    expect(stale.body.Message).toMatch(/^Admin Hooked changed the webhook .* while you were editing\.$/);
    expect(stale.body.Result).toMatchObject({ Id: hook.Webhook.Id, Events: ['plan.created'], Version: 2 });
    expect(stale.body.Conflict).toMatchObject({ Entity: 'Webhook', Id: hook.Webhook.Id, Version: 2 });
    const staleDelete = await t.post(DELETE, { Id: hook.Webhook.Id, Version: 1 }, owner);
    expect(staleDelete.status).toBe(409);
    const mine = await t.post(SAVE, { ...body, Events: ['plan.deleted'], Version: 2 }, owner);
    expect(mine.body.Result.Webhook).toMatchObject({ Events: ['plan.deleted'], Version: 3 });
  });

  it(`allows at most ${WEBHOOKS_PER_TENANT} webhooks an account`, async () => {
    for (let n = 0; n < WEBHOOKS_PER_TENANT; n += 1) await createHook(home);
    const eleventh = await t.post(
      SAVE,
      { Id: EMPTY_ID, Url: receiver.url, Events: ['plan.created'], Active: true },
      await home.tokenFor('owner'),
    );
    expect(eleventh.status).toBe(400);
    expect(eleventh.body.Message).toBe(WEBHOOK_LIMIT_MESSAGE);
  });

  it('refuses no events, an event it does not know and a URL that is not http(s) (400)', async () => {
    const owner = await home.tokenFor('owner');
    for (const body of [
      { Events: [] },
      { Events: ['expense.exploded'] },
      { Url: 'ftp://example.com/x' },
      { Url: 'https://user:pass@example.com/x' },
      { Url: 'not a url' },
    ]) {
      const response = await t.post(SAVE, { Id: EMPTY_ID, Url: receiver.url, Events: ['plan.created'], Active: true, ...body }, owner);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('who may', () => {
  it('Starter answers 403 naming the paid plans; a Member 403; an API token 403 (session only)', async () => {
    const starter = await createTenant(t, { name: 'Free', planCode: 'starter' });
    for (const path of [LIST, SAVE]) {
      const response = await t.post(
        path,
        { Id: EMPTY_ID, Url: receiver.url, Events: ['plan.created'], Active: true },
        await starter.tokenFor('owner'),
      );
      expect(response.status).toBe(403);
      expect(response.body.Message).toBe(WEBHOOK_PLAN_MESSAGE);
    }
    const member = await t.post(LIST, {}, await home.tokenFor('member'));
    expect(member.status).toBe(403);
    const apiToken = await createApiToken(t, home, 'owner', 'read-write');
    for (const path of [LIST, SAVE]) {
      const response = await t.post(path, { Id: EMPTY_ID, Url: receiver.url, Events: ['plan.created'], Active: true }, apiToken);
      expect(response.status).toBe(403);
      expect(response.body.Message).toBe(SESSION_ONLY_MESSAGE);
    }
    expect(await t.ctx.db.select().from(webhooks)).toEqual([]);
  });

  it("another tenant's webhook is not found (404) and nothing changes", async () => {
    const hook = await createHook(home);
    const before = await snapshotTenant(t.database, home.id);
    const stranger = await other.tokenFor('owner');
    const calls: Array<[string, Record<string, unknown>]> = [
      [SAVE, { Id: hook.Webhook.Id, Url: receiver.url, Events: ['plan.created'], Active: true, Version: 1 }],
      [DELETE, { Id: hook.Webhook.Id, Version: 1 }],
      [TEST, { Id: hook.Webhook.Id }],
      [DELIVERIES, { WebhookId: hook.Webhook.Id, Page: 1 }],
    ];
    for (const [path, body] of calls) {
      const response = await t.post(path, body, stranger);
      expect(response.status, path).toBe(404);
    }
    expect((await t.post(LIST, {}, stranger)).body.Result).toEqual([]);
    expect(await snapshotTenant(t.database, home.id)).toEqual(before);
    expect(receiver.received).toEqual([]);
  });
});
