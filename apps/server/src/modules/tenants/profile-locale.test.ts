import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { users } from '../../schema/tenants.ts';

let t: TestApp;
let acme: TestTenant;

beforeAll(async () => {
  t = await createTestApp();
  acme = await createTenant(t, { name: 'Acme Marketing', planCode: 'performance' });
});
afterAll(async () => t.close());

describe('profile locale (DESIGN.md §17)', () => {
  it('is en-US for a new person', async () => {
    const response = await t.post('/api/UserProfileClient/GetUserProfile', {}, await acme.tokenFor('member'));
    expect(response.status).toBe(200);
    expect(response.body.Result.Locale).toBe('en-US');
  });

  it('saves the caller’s own locale, keeps it when a later save leaves it out, and never touches another person', async () => {
    const token = await acme.tokenFor('member');
    const saved = await t.post('/api/UserProfileClient/MySave', { FirstName: 'Mia', LastName: 'Marketer', Locale: 'de-DE' }, token);
    expect(saved.status).toBe(200);
    expect(saved.body.Result.Locale).toBe('de-DE');

    const renamed = await t.post('/api/UserProfileClient/MySave', { FirstName: 'Mia', LastName: 'Marketing' }, token);
    expect(renamed.body.Result).toMatchObject({ LastName: 'Marketing', Locale: 'de-DE' });

    const read = await t.post('/api/UserProfileClient/GetUserProfile', {}, token);
    expect(read.body.Result.Locale).toBe('de-DE');
    const [owner] = await t.ctx.db.select().from(users).where(eq(users.id, acme.users.owner.id));
    expect(owner?.locale).toBe('en-US');
  });

  it('refuses a locale outside the list with 400 naming Locale and changes nothing', async () => {
    const token = await acme.tokenFor('viewer');
    const response = await t.post('/api/UserProfileClient/MySave', { FirstName: 'Vi', LastName: 'Ewer', Locale: 'xx-YY' }, token);
    expect(response.status).toBe(400);
    expect(response.body.Errors[0]).toMatchObject({ Field: 'Locale' });
    expect(response.body.Errors[0].Message).toContain('en-US, en-GB, de-DE, fr-FR, es-ES, ja-JP');
    const [viewer] = await t.ctx.db.select().from(users).where(eq(users.id, acme.users.viewer.id));
    expect(viewer).toMatchObject({ firstName: 'Viewer', locale: 'en-US' });
  });
});
