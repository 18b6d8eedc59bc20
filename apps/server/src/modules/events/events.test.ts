import { EMPTY_ID } from '@plansmith/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EventStream, listeningUrl, openEventStream, type StreamEvent } from '../../../test/event-stream.ts';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { createCategory, createPlanWithItem } from '../../../test/planning-factories.ts';
import { createTestApp, createTestClock, type TestApp } from '../../../test/test-app.ts';
import { newId } from '../../lib/ids.ts';
import { teamMembers, teams } from '../../schema/teams.ts';
import { eventsHubOf } from './index.ts';

const TICKET = '/api/EventsClient/Ticket';
const PRESENCE = '/api/EventsClient/Presence';
const SAVE_EXPENSE = '/api/ExpenseClient/Save';

const clock = createTestClock(new Date('2027-02-01T12:00:00Z'));
let t: TestApp;
let baseUrl: string;
let tenant: TestTenant;
let other: TestTenant;
const open: EventStream[] = [];

beforeAll(async () => {
  t = await createTestApp({ clock });
  baseUrl = await listeningUrl(t.app);
  tenant = await createTenant(t, { name: 'Live' });
  other = await createTenant(t, { name: 'Elsewhere' });
});
afterAll(async () => {
  for (const stream of open) stream.close();
  await t.close();
});

type Who = keyof TestTenant['users'];

const ticketFor = async (of: TestTenant, who: Who): Promise<string> => {
  const response = await t.post(TICKET, {}, await of.tokenFor(who));
  expect(response.status, response.text).toBe(200);
  return response.body.Result.Ticket;
};

const streamFor = async (of: TestTenant, who: Who, lastEventId?: string): Promise<EventStream> => {
  const stream = await openEventStream(baseUrl, await ticketFor(of, who), lastEventId ? { lastEventId } : {});
  expect(stream.status, JSON.stringify(stream.refusal)).toBe(200);
  open.push(stream);
  return stream;
};

const saveExpense = async (planId: string, itemId: string, name: string) => {
  const response = await t.post(
    SAVE_EXPENSE,
    { Id: EMPTY_ID, MarketingPlanId: planId, BudgetItemId: itemId, Name: name, PurchaseDate: '2026-03-10', Amount: 19.99, CategoryType: 1 },
    await tenant.tokenFor('owner'),
  );
  expect(response.status, response.text).toBe(200);
  return response.body.Result as { Id: string; Version: number };
};

const isExpense = (id: string) => (event: StreamEvent) => event.data.Entity === 'Expense' && event.data.Id === id;
/** A tenant-wide change every subscriber of the tenant receives: once it arrives, everything sent before it has. */
const marker = async (of: TestTenant) => (await createCategory(t, of, { name: `Marker ${newId().slice(0, 6)}` })).id;
const isRow = (id: string) => (event: StreamEvent) => event.data.Id === id;

describe('the live event stream (DESIGN.md §13)', () => {
  it('passes a committed change to the tenant’s readers of the plan, naming who made it and the new version', async () => {
    const { plan, item } = await createPlanWithItem(t, tenant);
    const [member, viewer, admin] = [
      await streamFor(tenant, 'member'),
      await streamFor(tenant, 'viewer'),
      await streamFor(tenant, 'admin'),
    ];
    const expense = await saveExpense(plan.id, item.id, 'Trade fair stand');
    for (const stream of [member, viewer, admin]) {
      const event = await stream.next(isExpense(expense.Id), 1000);
      expect(event.data).toEqual({
        Type: 'changed',
        Entity: 'Expense',
        Id: expense.Id,
        MarketingPlanId: plan.id,
        Version: 1,
        Month: null,
        Rows: 1,
        ByUserId: tenant.users.owner.id,
        ByName: 'Owner Live',
      });
      expect(event.id).toMatch(/^[0-9a-f]{8}\.\d+$/);
    }
  });

  it('never passes a change to another tenant’s subscriber, a Member outside the plan’s team or a Viewer of another team', async () => {
    const { plan, item } = await createPlanWithItem(t, tenant);
    // The outsider becomes a Viewer of another team of the tenant: still not a reader of this plan.
    const otherTeam = newId();
    await t.ctx.db.insert(teams).values({ tenantId: tenant.id, id: otherTeam, name: 'Field marketing' });
    const elsewhereTeamViewer = await streamFor(tenant, 'outsider');
    await t.ctx.db.insert(teamMembers).values({ tenantId: tenant.id, teamId: otherTeam, userId: tenant.users.outsider.id, teamRoleId: 3 });
    const otherTenant = await streamFor(other, 'owner');
    const member = await streamFor(tenant, 'member');

    const expense = await saveExpense(plan.id, item.id, 'Booth');
    await member.next(isExpense(expense.Id));
    const [ours, theirs] = [await marker(tenant), await marker(other)];
    await elsewhereTeamViewer.next(isRow(ours));
    await otherTenant.next(isRow(theirs));

    expect(elsewhereTeamViewer.events.filter((event) => event.data.MarketingPlanId === plan.id)).toEqual([]);
    expect(otherTenant.events.filter((event) => event.data.Id === ours || event.data.MarketingPlanId === plan.id)).toEqual([]);
    // A Viewer of another team, as a reader of that team's plans, still gets theirs.
    const membership = elsewhereTeamViewer.events.find((event) => event.data.Entity === 'TeamMember');
    expect(membership?.data).toMatchObject({ Id: tenant.users.outsider.id });
  });

  it('sends a statement of more than 20 rows as one bulk change per plan, not one event per row', async () => {
    const { plan, item } = await createPlanWithItem(t, tenant);
    const member = await streamFor(tenant, 'member');
    await t.database.queryRows(
      `INSERT INTO expenses (tenant_id, id, marketing_plan_id, budget_item_id, name, purchase_date, amount_cents, status, category_type)
       SELECT $1, gen_random_uuid(), $2, $3, 'Row ' || g, '2026-03-01', 100, 3, 1 FROM generate_series(1, 500) g`,
      [tenant.id, plan.id, item.id],
    );
    const bulk = await member.next((event) => event.data.Entity === 'Expense' && event.data.MarketingPlanId === plan.id);
    expect(bulk.data).toMatchObject({ Type: 'changed', Id: null, Rows: 500, ByUserId: null });
    await member.next(isRow(await marker(tenant)));
    expect(member.events.filter((event) => event.data.Entity === 'Expense' && event.data.MarketingPlanId === plan.id)).toHaveLength(1);

    // Month cells name their plan through their item.
    await t.database.queryRows(
      `INSERT INTO budget_item_months (tenant_id, budget_item_id, month, amount_cents)
       SELECT $1, $2, (date '2026-01-01' + make_interval(months => g))::date, 100 FROM generate_series(0, 23) g`,
      [tenant.id, item.id],
    );
    const months = await member.next((event) => event.data.Entity === 'BudgetItemMonth' && event.data.MarketingPlanId === plan.id);
    expect(months.data).toMatchObject({ Type: 'changed', Id: null, Rows: 24 });
  });

  it('replays what a reconnecting browser missed after its Last-Event-ID, and says reset when it cannot', async () => {
    const { plan, item } = await createPlanWithItem(t, tenant);
    const first = await streamFor(tenant, 'member');
    const seen = await first.next(isExpense((await saveExpense(plan.id, item.id, 'Seen')).Id));
    first.close();
    const missed = [await saveExpense(plan.id, item.id, 'Missed one'), await saveExpense(plan.id, item.id, 'Missed two')];
    await eventsHubOf(t.app).settled();

    const again = await streamFor(tenant, 'member', seen.id ?? '');
    for (const expense of missed) await again.next(isExpense(expense.Id), 1000);
    expect(again.events.some((event) => event.data.Type === 'reset')).toBe(false);
    expect(again.events.some(isExpense(seen.data.Id as string))).toBe(false);

    const unknown = await streamFor(tenant, 'member', 'deadbeef.12');
    await unknown.next((event) => event.data.Type === 'reset', 1000);
  });

  it('opens only with a genuine, unexpired ticket of an active session, and the ticket needs a signed-in caller', async () => {
    expect((await t.post(TICKET, {})).status).toBe(401);
    const ticket = await ticketFor(tenant, 'member');
    const [prefix, payload, signature] = ticket.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    const forged = `${prefix}.${Buffer.from(JSON.stringify({ ...claims, t: other.id })).toString('base64url')}.${signature}`;
    for (const refused of ['', 'garbage', forged, await tenant.tokenFor('member')]) {
      const stream = await openEventStream(baseUrl, refused);
      expect(stream.status, refused).toBe(401);
      expect(stream.refusal).toMatchObject({ Message: expect.stringContaining('event ticket') });
    }

    const expiring = await ticketFor(tenant, 'viewer');
    clock.advance(61_000);
    expect((await openEventStream(baseUrl, expiring)).status).toBe(401);

    const signedOut = await ticketFor(tenant, 'admin');
    const logout = await t.post('/api/identity/token/logout', {}, await tenant.tokenFor('admin'));
    expect(logout.status, logout.text).toBeLessThan(300);
    expect((await openEventStream(baseUrl, signedOut)).status).toBe(401);
  });

  it('tells a plan’s readers who views it, refuses presence on a plan the caller may not read, and forgets a silent viewer after a minute', async () => {
    const { plan } = await createPlanWithItem(t, tenant);
    const member = await streamFor(tenant, 'member');
    const here = await t.post(PRESENCE, { MarketingPlanId: plan.id }, await tenant.tokenFor('viewer'));
    expect(here.status, here.text).toBe(200);
    expect(here.body.Result.Viewers).toEqual([{ UserId: tenant.users.viewer.id, Name: 'Viewer Live' }]);
    const seen = await member.next((event) => event.data.Type === 'presence' && event.data.MarketingPlanId === plan.id);
    expect(seen.id).toBeNull();
    expect(seen.data.Viewers).toEqual([{ UserId: tenant.users.viewer.id, Name: 'Viewer Live' }]);

    expect((await t.post(PRESENCE, { MarketingPlanId: plan.id }, await tenant.tokenFor('outsider'))).status).toBe(404);
    expect((await t.post(PRESENCE, { MarketingPlanId: plan.id }, await other.tokenFor('owner'))).status).toBe(404);

    clock.advance(61_000);
    await eventsHubOf(t.app).sweep();
    await member.next(
      (event) => event.data.Type === 'presence' && event.data.MarketingPlanId === plan.id && (event.data.Viewers as []).length === 0,
    );
  });
});
