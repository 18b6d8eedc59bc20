import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { mailSince, outboxMark } from '../../../test/outbox.ts';
import { createPlanWithItem } from '../../../test/planning-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createUnsubscribeToken, readUnsubscribeToken } from './unsubscribe-token.ts';

let t: TestApp;
let acme: TestTenant;
let itemId: string;

beforeAll(async () => {
  t = await createTestApp();
  acme = await createTenant(t, { name: 'Acme' });
  itemId = (await createPlanWithItem(t, acme)).item.id;
});
afterAll(async () => t.close());

const settingsOf = async (who: keyof TestTenant['users']) =>
  (await t.post('/api/UserProfileClient/GetNotificationSettings', {}, await acme.tokenFor(who))).body.Result;

/** The unsubscribe link of the newest mention mail to the viewer. */
const mentionViewer = async () => {
  const mark = await outboxMark(t);
  const response = await t.post(
    '/api/CommentsClient/Save',
    { EntityType: 'BudgetItem', EntityId: itemId, Description: 'Ping @Viewer Acme' },
    await acme.tokenFor('owner'),
  );
  expect(response.status).toBe(200);
  const [mail] = await mailSince(t, mark, 'mention');
  return new URL(mail?.links.at(-1)?.url ?? '');
};

describe('one-click unsubscribe', () => {
  it('shows a confirmation page on GET and changes nothing (mail scanners follow links)', async () => {
    const link = await mentionViewer();
    expect(link.pathname).toBe('/unsubscribe');
    const page = await t.get(`${link.pathname}${link.search}`);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.text).toContain('Unsubscribe from mention e-mails?');
    expect(page.text).toContain(acme.users.viewer.email);
    expect(page.text).toContain('<form method="post"');
    expect((await settingsOf('viewer')).Mentions).toBe(true);
  });

  it('applies on POST without signing in: only that kind stops, and no mention mail follows', async () => {
    const link = await mentionViewer();
    const before = await settingsOf('viewer');
    const done = await t.request({
      method: 'POST',
      url: `${link.pathname}${link.search}`,
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(done.status).toBe(200);
    expect(done.text).toContain('You are unsubscribed');
    expect(await settingsOf('viewer')).toEqual({ ...before, Mentions: false });
    const mark = await outboxMark(t);
    await t.post(
      '/api/CommentsClient/Save',
      { EntityType: 'BudgetItem', EntityId: itemId, Description: 'Ping @Viewer Acme' },
      await acme.tokenFor('owner'),
    );
    expect(await mailSince(t, mark, 'mention')).toEqual([]);
  });

  it('refuses a token that was changed or made up, and changes nothing', async () => {
    const secret = t.ctx.config.jwtSecret;
    const token = createUnsubscribeToken(secret, { tenantId: acme.id, userId: acme.users.member.id, kind: 'digest' });
    expect(readUnsubscribeToken(secret, token)).toEqual({ tenantId: acme.id, userId: acme.users.member.id, kind: 'digest' });
    const forged = createUnsubscribeToken('another-secret-that-is-long-enough-000000', {
      tenantId: acme.id,
      userId: acme.users.member.id,
      kind: 'overspend',
    });
    const [payload] = token.split('.');
    const swapped = `${Buffer.from(`${acme.id}.${acme.users.member.id}.overspend`).toString('base64url')}.${token.split('.')[1]}`;
    const before = await settingsOf('member');
    for (const bad of [forged, swapped, `${payload}`, 'nonsense', '']) {
      const response = await t.request({
        method: 'POST',
        url: `/unsubscribe?token=${encodeURIComponent(bad)}`,
        body: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(response.status).toBe(400);
      expect(response.text).toContain('This link does not work');
    }
    expect(await settingsOf('member')).toEqual(before);
  });

  it('turns off the weekly digest and overspend alerts through their own links', async () => {
    const secret = t.ctx.config.jwtSecret;
    for (const [kind, setting] of [
      ['digest', 'WeeklySummary'],
      ['overspend', 'BudgetThresholds'],
    ] as const) {
      await t.post(
        '/api/UserProfileClient/SaveNotificationSettings',
        { ...(await settingsOf('member')), [setting]: true },
        await acme.tokenFor('member'),
      );
      const token = createUnsubscribeToken(secret, { tenantId: acme.id, userId: acme.users.member.id, kind });
      const response = await t.request({
        method: 'POST',
        url: `/unsubscribe?token=${token}`,
        body: '',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(response.status).toBe(200);
      expect((await settingsOf('member'))[setting]).toBe(false);
    }
  });
});
