import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { mailSince, outboxMark, recipientsOf } from '../../../test/outbox.ts';
import { createPlanWithItem } from '../../../test/planning-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { newId } from '../../lib/ids.ts';
import { users } from '../../schema/tenants.ts';
import { findMentioned } from './mentions.ts';

let t: TestApp;
let acme: TestTenant;
let itemId: string;

const SAVE = '/api/CommentsClient/Save';
const MENTIONABLE = '/api/CommentsClient/Mentionable';

// Factory names are "<Role> <Tenant name>": Owner Acme, Admin Acme, Member Acme, Viewer Acme, Outsider Acme.
const comment = async (who: keyof TestTenant['users'], text: string, id?: string, version?: number) => {
  const response = await t.post(
    SAVE,
    { Id: id, Version: version, EntityType: 'BudgetItem', EntityId: itemId, Description: text },
    await acme.tokenFor(who),
  );
  expect(response.status, response.text).toBe(200);
  return response.body.Result as { Id: string };
};

beforeAll(async () => {
  t = await createTestApp();
  acme = await createTenant(t, { name: 'Acme' });
  itemId = (await createPlanWithItem(t, acme)).item.id;
});
afterAll(async () => t.close());

describe('finding @First Last in a comment', () => {
  const people = [
    { firstName: 'Ann', lastName: 'Lee' },
    { firstName: 'Ann', lastName: 'Leeson' },
    { firstName: 'José', lastName: 'Núñez' },
  ];
  it('matches whole names, case-insensitively, not a longer name that starts the same', () => {
    expect(findMentioned('Thanks @ann lee, see @Ann Leeson.', people)).toEqual([people[0], people[1]]);
    expect(findMentioned('@Ann Leeson please check', people)).toEqual([people[1]]);
    expect(findMentioned('cc @José Núñez!', people)).toEqual([people[2]]);
    expect(findMentioned('ann lee without the at sign', people)).toEqual([]);
  });
});

describe('comment mentions', () => {
  it('mails each named person who can see the item, never the author, with a link to the item', async () => {
    const mark = await outboxMark(t);
    await comment('member', 'Can @Owner Acme and @Viewer Acme approve this? @Member Acme noted. @Outsider Acme FYI');
    const mails = await mailSince(t, mark, 'mention');
    // The Outsider is in no team and cannot see the item; the Member wrote the comment.
    expect(recipientsOf(mails)).toEqual([acme.users.owner.email, acme.users.viewer.email].sort());
    expect(mails[0]?.subject).toBe('Member Acme mentioned you on Paid search');
    expect(mails[0]?.textBody).toContain('“Can @Owner Acme and @Viewer Acme approve this?');
    expect(mails[0]?.links[0]).toEqual({ label: 'Open the conversation', url: `${t.ctx.config.publicUrl}/budget/${itemId}` });
    expect(mails[0]?.headers['List-Unsubscribe']).toContain('/unsubscribe?token=');
  });

  it('mails a person once per comment: an edit mails only the names it adds', async () => {
    let mark = await outboxMark(t);
    const written = await comment('member', 'Over to @Admin Acme');
    expect(recipientsOf(await mailSince(t, mark, 'mention'))).toEqual([acme.users.admin.email]);
    mark = await outboxMark(t);
    await comment('member', 'Over to @Admin Acme and @Owner Acme', written.Id, 1);
    expect(recipientsOf(await mailSince(t, mark, 'mention'))).toEqual([acme.users.owner.email]);
    mark = await outboxMark(t);
    await comment('member', 'Over to @admin acme, @Owner Acme again', written.Id, 2);
    expect(await mailSince(t, mark, 'mention')).toEqual([]);
  });

  it('skips people who turned mention mail off and people who are inactive', async () => {
    const viewerToken = await acme.tokenFor('viewer');
    const settings = (await t.post('/api/UserProfileClient/GetNotificationSettings', {}, viewerToken)).body.Result;
    await t.post('/api/UserProfileClient/SaveNotificationSettings', { ...settings, Mentions: false }, viewerToken);
    await t.ctx.db
      .update(users)
      .set({ active: false })
      .where(and(eq(users.tenantId, acme.id), eq(users.id, acme.users.admin.id)));
    try {
      const mark = await outboxMark(t);
      await comment('owner', '@Viewer Acme and @Admin Acme and @Member Acme, please look');
      expect(recipientsOf(await mailSince(t, mark, 'mention'))).toEqual([acme.users.member.email]);
    } finally {
      await t.ctx.db
        .update(users)
        .set({ active: true })
        .where(and(eq(users.tenantId, acme.id), eq(users.id, acme.users.admin.id)));
      await t.post('/api/UserProfileClient/SaveNotificationSettings', { ...settings, Mentions: true }, viewerToken);
    }
  });

  it('offers the people who can see the item for the @ list, to anyone who can see it', async () => {
    const response = await t.post(MENTIONABLE, { EntityType: 'BudgetItem', EntityId: itemId }, await acme.tokenFor('viewer'));
    expect(response.status).toBe(200);
    const names = response.body.Result.map((person: { FirstName: string; LastName: string }) => `${person.FirstName} ${person.LastName}`);
    expect(names).toEqual(['Admin Acme', 'Member Acme', 'Owner Acme', 'Viewer Acme']);
    expect((await t.post(MENTIONABLE, { EntityType: 'BudgetItem', EntityId: itemId }, await acme.tokenFor('outsider'))).status).toBe(404);
  });

  it("answers 404 for another tenant's item, offers nobody and mails nobody", async () => {
    const other = await createTenant(t, { name: 'Globex' });
    const token = await other.tokenFor('owner');
    const mark = await outboxMark(t);
    expect((await t.post(MENTIONABLE, { EntityType: 'BudgetItem', EntityId: itemId }, token)).status).toBe(404);
    const attempt = await t.post(SAVE, { EntityType: 'BudgetItem', EntityId: itemId, Description: '@Owner Acme hello' }, token);
    expect(attempt.status).toBe(404);
    expect(await mailSince(t, mark)).toEqual([]);
    expect((await t.post(MENTIONABLE, { EntityType: 'BudgetItem', EntityId: newId() }, token)).status).toBe(404);
  });
});
