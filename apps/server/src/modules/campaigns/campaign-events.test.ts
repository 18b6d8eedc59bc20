// Live changes of campaigns (DESIGN.md §13 and §16, migration 1042): a save, a move and a delete
// reach the plan's readers on the event stream — so another tab's /campaigns tree, calendar and
// /budget campaign column refresh — and nobody else (a Member outside the team, another tenant).
import { EMPTY_ID } from '@plansmith/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EventStream, listeningUrl, openEventStream, type StreamEvent } from '../../../test/event-stream.ts';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { createCategory, createPlan } from '../../../test/planning-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let baseUrl: string;
let tenant: TestTenant;
let other: TestTenant;
const open: EventStream[] = [];

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await listeningUrl(t.app);
  tenant = await createTenant(t, { name: 'Campaigns live' });
  other = await createTenant(t, { name: 'Elsewhere' });
});
afterAll(async () => {
  for (const stream of open) stream.close();
  await t.close();
});

const streamFor = async (of: TestTenant, who: keyof TestTenant['users']): Promise<EventStream> => {
  const ticket = await t.post('/api/EventsClient/Ticket', {}, await of.tokenFor(who));
  expect(ticket.status, ticket.text).toBe(200);
  const stream = await openEventStream(baseUrl, ticket.body.Result.Ticket, {});
  expect(stream.status, JSON.stringify(stream.refusal)).toBe(200);
  open.push(stream);
  return stream;
};

const ofCampaign = (id: string) => (event: StreamEvent) => event.data.Entity === 'Campaign' && event.data.Id === id;

describe('live changes of campaigns', () => {
  it('announces a campaign’s save, move and delete to the plan’s readers with its new version, and to no one else', async () => {
    const plan = await createPlan(t, tenant, { startDate: '2026-01-01', endDate: '2026-12-31', name: 'Live campaigns' });
    const member = await streamFor(tenant, 'member');
    const outsider = await streamFor(tenant, 'outsider');
    const stranger = await streamFor(other, 'owner');
    const token = await tenant.tokenFor('member');

    const program = await t.post('/api/CampaignClient/Save', { Id: EMPTY_ID, MarketingPlanId: plan.id, Name: 'Launch' }, token);
    expect(program.status, program.text).toBe(200);
    const created = await t.post('/api/CampaignClient/Save', { Id: EMPTY_ID, MarketingPlanId: plan.id, Name: 'Webinars' }, token);
    expect(created.status, created.text).toBe(200);
    const id: string = created.body.Result.Id;
    const first = await member.next(ofCampaign(id), 2000);
    expect(first.data).toMatchObject({
      Type: 'changed',
      Entity: 'Campaign',
      MarketingPlanId: plan.id,
      Version: 1,
      Rows: 1,
      ByUserId: tenant.users.member.id,
    });

    const moved = await t.post('/api/CampaignClient/Move', { Id: id, ParentId: program.body.Result.Id, Version: 1 }, token);
    expect(moved.status, moved.text).toBe(200);
    await member.next((event) => ofCampaign(id)(event) && event.data.Version === 2, 2000);

    const deleted = await t.post('/api/CampaignClient/Delete', { Id: id, Version: 2 }, token);
    expect(deleted.status, deleted.text).toBe(200);
    await member.next((event) => ofCampaign(id)(event) && event.data.Type === 'deleted', 2000);

    // Once a tenant-wide marker has reached them, everything committed before it has too.
    const marker = (await createCategory(t, tenant, { name: 'Marker' })).id;
    await outsider.next((event) => event.data.Id === marker);
    const theirs = (await createCategory(t, other, { name: 'Their marker' })).id;
    await stranger.next((event) => event.data.Id === theirs);
    expect(outsider.events.filter((event) => event.data.MarketingPlanId === plan.id)).toEqual([]);
    expect(stranger.events.filter((event) => event.data.MarketingPlanId === plan.id)).toEqual([]);
  });
});
