import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { mailSince, outboxMark, recipientsOf } from '../../../test/outbox.ts';
import { createPlanWithItem } from '../../../test/planning-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { inboxNotifications } from '../../schema/notifications.ts';
import { users } from '../../schema/tenants.ts';

let t: TestApp;
let acme: TestTenant;
let globex: TestTenant;
let plan: { id: string; name: string };
let itemId: string;

type Who = keyof TestTenant['users'];
const call = async (tenant: TestTenant, who: Who, path: string, body: unknown = {}) =>
  t.post(`/api/NotificationClient/${path}`, body, await tenant.tokenFor(who));
const inboxOf = async (tenant: TestTenant, who: Who) => {
  const response = await call(tenant, who, 'List', {});
  expect(response.status, response.text).toBe(200);
  return response.body.Result as { Id: string; Kind: string; Title: string; Body: string; Link: string; ReadAt: string | null }[];
};
const unread = async (tenant: TestTenant, who: Who) => (await call(tenant, who, 'GetUnreadCount')).body.Result.Count as number;
const rows = (tenantId: string) => t.ctx.db.select().from(inboxNotifications).where(eq(inboxNotifications.tenantId, tenantId));
const comment = async (who: Who, entity: { EntityType: string; EntityId: string }, text: string, id?: string, version?: number) => {
  t.clock.advance(1000);
  const response = await t.post(
    '/api/CommentsClient/Save',
    { Id: id, Version: version, ...entity, Description: text },
    await acme.tokenFor(who),
  );
  expect(response.status, response.text).toBe(200);
  return response.body.Result as { Id: string };
};
const setChoice = async (tenant: TestTenant, who: Who, choice: string, value: boolean) => {
  const token = await tenant.tokenFor(who);
  const current = (await t.post('/api/UserProfileClient/GetNotificationSettings', {}, token)).body.Result;
  const saved = await t.post('/api/UserProfileClient/SaveNotificationSettings', { ...current, [choice]: value }, token);
  expect(saved.status, saved.text).toBe(200);
};
const changeMember = async (who: Who, body: Record<string, unknown>) => {
  t.clock.advance(1000);
  const response = await t.post('/api/TeamClient/ChangeTeamMember', { TeamId: acme.teamId, ...body }, await acme.tokenFor(who));
  expect(response.status, response.text).toBe(200);
};

beforeAll(async () => {
  t = await createTestApp();
  acme = await createTenant(t, { name: 'Acme' });
  globex = await createTenant(t, { name: 'Globex' });
  const fixture = await createPlanWithItem(t, acme, 100_000);
  plan = fixture.plan;
  itemId = fixture.item.id;
});
afterAll(async () => t.close());

describe('the in-app inbox', () => {
  it('gets an overspend for the Leads and the author, linking to the item, in the transaction of the expense', async () => {
    await setChoice(acme, 'admin', 'BudgetThresholds', false);
    const saved = await t.post(
      '/api/ExpenseClient/Save',
      {
        MarketingPlanId: plan.id,
        BudgetItemId: itemId,
        Name: 'Big invoice',
        PurchaseDate: '2026-03-02',
        Amount: 1_000.01,
        CategoryType: 1,
      },
      await acme.tokenFor('member'),
    );
    expect(saved.status, saved.text).toBe(200);
    const owner = await inboxOf(acme, 'owner');
    expect(owner).toHaveLength(1);
    expect(owner[0]).toMatchObject({
      Kind: 'overspend',
      Title: 'Paid search is over budget by $0.01',
      Link: `/budget/${itemId}`,
      ReadAt: null,
    });
    expect((await inboxOf(acme, 'member')).map((row) => row.Kind)).toEqual(['overspend']);
    // The Admin turned overspend alerts off: no mail and no inbox entry. The Viewer is no Lead.
    expect(await inboxOf(acme, 'admin')).toEqual([]);
    expect(await inboxOf(acme, 'viewer')).toEqual([]);
    await setChoice(acme, 'admin', 'BudgetThresholds', true);
  });

  it('lists the unread count, marks one read and then all read', async () => {
    await comment('member', { EntityType: 'BudgetItem', EntityId: itemId }, 'Please look, @Owner Acme');
    expect(await unread(acme, 'owner')).toBe(2);
    const [latest] = await inboxOf(acme, 'owner');
    expect(latest).toMatchObject({ Kind: 'mention', Title: 'Member Acme mentioned you on Paid search', Link: `/budget/${itemId}` });
    const one = await call(acme, 'owner', 'MarkRead', { NotificationId: latest?.Id });
    expect(one.status, one.text).toBe(200);
    expect(one.body.Result.Count).toBe(1);
    expect((await inboxOf(acme, 'owner'))[0]?.ReadAt).not.toBeNull();
    const unreadOnly = await call(acme, 'owner', 'List', { UnreadOnly: true });
    expect(unreadOnly.body.Result.map((row: { Kind: string }) => row.Kind)).toEqual(['overspend']);
    expect((await call(acme, 'owner', 'MarkAllRead')).body.Result.Count).toBe(0);
    expect(await unread(acme, 'owner')).toBe(0);
  });

  it("answers 404 for another tenant's or another person's notification and changes nothing", async () => {
    const [memberEntry] = await inboxOf(acme, 'member');
    const before = await rows(acme.id);
    const otherTenant = await call(globex, 'owner', 'MarkRead', { NotificationId: memberEntry?.Id });
    expect(otherTenant.status, otherTenant.text).toBe(404);
    const otherPerson = await call(acme, 'owner', 'MarkRead', { NotificationId: memberEntry?.Id });
    expect(otherPerson.status, otherPerson.text).toBe(404);
    await call(globex, 'owner', 'MarkAllRead');
    expect(await rows(acme.id)).toEqual(before);
    expect(await inboxOf(globex, 'owner')).toEqual([]);
    expect(await unread(acme, 'member')).toBe(1);
  });
});

describe('comments on my team’s plans', () => {
  it('mails and notifies the plan’s team (not the author, not the people it names, not those who chose otherwise)', async () => {
    await setChoice(acme, 'viewer', 'CommentsOnMyPlans', false);
    const mark = await outboxMark(t);
    const saved = await comment('member', { EntityType: 'MarketingPlan', EntityId: plan.id }, 'Q3 looks light, @Admin Acme');
    const mails = await mailSince(t, mark, 'comment');
    // Owner (Lead) only: Member wrote it, Admin is named (a mention instead), Viewer said no, Outsider is in no team.
    expect(recipientsOf(mails)).toEqual([acme.users.owner.email]);
    expect(mails[0]?.subject).toBe(`Member Acme commented on ${plan.name}`);
    expect(mails[0]?.links[0]).toEqual({ label: 'Open the conversation', url: `${t.ctx.config.publicUrl}/plans/${plan.id}` });
    expect(mails[0]?.links.at(-1)?.label).toBe('Unsubscribe from e-mails about comments on your teams’ plans');
    expect(recipientsOf(await mailSince(t, mark, 'mention'))).toEqual([acme.users.admin.email]);
    expect((await inboxOf(acme, 'owner'))[0]).toMatchObject({ Kind: 'comment', Link: `/plans/${plan.id}` });
    expect((await inboxOf(acme, 'viewer')).filter((row) => row.Link === `/plans/${plan.id}`)).toEqual([]);
    // Editing the comment does not tell the team again.
    const later = await outboxMark(t);
    await comment('member', { EntityType: 'MarketingPlan', EntityId: plan.id }, 'Q3 looks light, @Admin Acme (edited)', saved.Id, 1);
    expect(await mailSince(t, later, 'comment')).toEqual([]);
  });
});

describe('team changes', () => {
  it('tells the person added, re-roled and removed, by mail and in the app, unless they chose otherwise', async () => {
    const mark = await outboxMark(t);
    await changeMember('admin', { UserProfileId: acme.users.outsider.id, TeamRoleId: 2, Add: true });
    await changeMember('admin', { UserProfileId: acme.users.outsider.id, TeamRoleId: 1, Update: true });
    await changeMember('admin', { UserProfileId: acme.users.outsider.id });
    const mails = await mailSince(t, mark, 'team');
    expect(mails.map((mail) => mail.subject)).toEqual([
      'You were added to Acme Team as Planner',
      'Your role in Acme Team is now Lead',
      'You were removed from Acme Team',
    ]);
    expect(recipientsOf(mails)).toEqual(Array(3).fill(acme.users.outsider.email));
    expect((await inboxOf(acme, 'outsider')).map((row) => row.Title)).toEqual([
      'You were removed from Acme Team',
      'Your role in Acme Team is now Lead',
      'You were added to Acme Team as Planner',
    ]);
    await setChoice(acme, 'outsider', 'TeamChanges', false);
    const quiet = await outboxMark(t);
    await changeMember('admin', { UserProfileId: acme.users.outsider.id, TeamRoleId: 3, Add: true });
    expect(await mailSince(t, quiet, 'team')).toEqual([]);
    expect(await inboxOf(acme, 'outsider')).toHaveLength(3);
  });
});

describe('the weekly digest choice and its preview', () => {
  it('is on by default for Leads and off for others until they choose', async () => {
    const lead = await t.post('/api/UserProfileClient/GetNotificationSettings', {}, await acme.tokenFor('owner'));
    const planner = await t.post('/api/UserProfileClient/GetNotificationSettings', {}, await acme.tokenFor('member'));
    expect(lead.body.Result.WeeklySummary).toBe(true);
    expect(planner.body.Result.WeeklySummary).toBe(false);
  });

  it('"Send me one now" mails the caller this week’s digest as a preview, whatever their choice', async () => {
    await t.ctx.db
      .update(users)
      .set({ notificationSettings: { WeeklySummary: false } })
      .where(and(eq(users.tenantId, acme.id), eq(users.id, acme.users.member.id)));
    const mark = await outboxMark(t);
    const response = await t.post('/api/NotificationClient/SendDigestPreview', {}, await acme.tokenFor('member'));
    expect(response.status, response.text).toBe(200);
    expect(response.body.Result.Plans).toBe(1);
    const mails = await mailSince(t, mark, 'digest');
    expect(recipientsOf(mails)).toEqual([acme.users.member.email]);
    expect(mails[0]?.subject).toMatch(/^Preview: Your weekly Plansmith digest: week of \d{4}-\d{2}-\d{2}$/);
    expect(mails[0]?.textBody).toContain(plan.name);
  });
});
