// Runs only in the PostgreSQL pass (vitest.config.ts): two app instances on one database, as behind a
// load balancer. A change made through one reaches the event streams open on the other (DESIGN.md §13).
import { EMPTY_ID } from '@plansmith/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listeningUrl, openEventStream } from '../../../test/event-stream.ts';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { createPlanWithItem } from '../../../test/planning-factories.ts';
import { createSecondInstance, createTestApp, type TestApp } from '../../../test/test-app.ts';

let first: TestApp;
let second: Awaited<ReturnType<typeof createSecondInstance>>;
let tenant: TestTenant;
let other: TestTenant;

beforeAll(async () => {
  first = await createTestApp();
  second = await createSecondInstance(first);
  tenant = await createTenant(first, { name: 'Both' });
  other = await createTenant(first, { name: 'Neither' });
});
afterAll(async () => {
  await second.close();
  await first.close();
});

describe('live changes across two instances on one PostgreSQL database', () => {
  it('a change saved through instance A reaches a stream open on instance B, with its author, and not another tenant’s stream there', async () => {
    const { plan, item } = await createPlanWithItem(first, tenant);
    const secondUrl = await listeningUrl(second.app);
    // The ticket is asked from A and opens a stream on B: the instances share the secret, not memory.
    const ticket = (await first.post('/api/EventsClient/Ticket', {}, await tenant.tokenFor('viewer'))).body.Result.Ticket;
    const onB = await openEventStream(secondUrl, ticket);
    expect(onB.status).toBe(200);
    const otherTicket = (await second.post('/api/EventsClient/Ticket', {}, await other.tokenFor('owner'))).body.Result.Ticket;
    const otherOnB = await openEventStream(secondUrl, otherTicket);

    const saved = await first.post(
      '/api/ExpenseClient/Save',
      {
        Id: EMPTY_ID,
        MarketingPlanId: plan.id,
        BudgetItemId: item.id,
        Name: 'Across',
        PurchaseDate: '2026-03-10',
        Amount: 19.99,
        CategoryType: 1,
      },
      await tenant.tokenFor('member'),
    );
    expect(saved.status, saved.text).toBe(200);
    const startedAt = performance.now();
    const event = await onB.next((e) => e.data.Entity === 'Expense' && e.data.Id === saved.body.Result.Id, 2000);
    expect(event.receivedAt - startedAt).toBeLessThan(1000);
    expect(event.data).toMatchObject({
      Type: 'changed',
      MarketingPlanId: plan.id,
      Version: 1,
      ByUserId: tenant.users.member.id,
      ByName: 'Member Both',
    });

    // Presence said on A is seen by B's readers of the plan.
    const here = await first.post('/api/EventsClient/Presence', { MarketingPlanId: plan.id }, await tenant.tokenFor('admin'));
    expect(here.status, here.text).toBe(200);
    const presence = await onB.next((e) => e.data.Type === 'presence' && e.data.MarketingPlanId === plan.id, 2000);
    expect(presence.data.Viewers).toEqual([{ UserId: tenant.users.admin.id, Name: 'Admin Both' }]);

    expect(otherOnB.events.filter((e) => e.data.MarketingPlanId === plan.id)).toEqual([]);
    onB.close();
    otherOnB.close();
  });
});
