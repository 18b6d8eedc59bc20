// Issue 34 part A / DESIGN.md §17: the tenant's BaseCurrency — chosen at sign-up (USD by default),
// read with the tenant, changeable only while the account has no budget item.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, login } from '../../../test/factories.ts';
import { createCategory, createItem, createPlan } from '../../../test/planning-factories.ts';
import { registrationBody, SIGNUP_PASSWORD, signUp } from '../../../test/signup.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const GET = '/api/TenantClient/Get';
const SAVE = '/api/TenantClient/Save';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('the tenant’s base currency', () => {
  it('is USD by default and changes while the account has no budget item', async () => {
    const tenant = await createTenant(t, { name: 'Berlin GmbH' });
    const owner = await tenant.tokenFor('owner');
    expect((await t.get(GET, owner)).body.Result.BaseCurrency).toBe('USD');
    const saved = await t.post(SAVE, { Name: 'Berlin GmbH', BaseCurrency: 'EUR' }, owner);
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.Result.BaseCurrency).toBe('EUR');
    expect((await t.get(GET, await tenant.tokenFor('member'))).body.Result.BaseCurrency).toBe('EUR');
    // Missing: unchanged.
    expect((await t.post(SAVE, { Name: 'Berlin GmbH' }, owner)).body.Result.BaseCurrency).toBe('EUR');
  });

  it('cannot change once a budget item exists (409, unchanged); saving the same one is fine', async () => {
    const tenant = await createTenant(t);
    const owner = await tenant.tokenFor('owner');
    const plan = await createPlan(t, tenant);
    await createItem(t, tenant, { planId: plan.id, categoryId: (await createCategory(t, tenant)).id, amountCents: 100 });
    const refused = await t.post(SAVE, { Name: tenant.name, BaseCurrency: 'EUR' }, owner);
    expect(refused.status).toBe(409);
    expect(refused.body.Message).toBe('The base currency cannot change once budget items exist.');
    expect((await t.get(GET, owner)).body.Result.BaseCurrency).toBe('USD');
    expect((await t.post(SAVE, { Name: 'Renamed', BaseCurrency: 'USD' }, owner)).status).toBe(200);
  });

  it('must be a currency with 2 decimals (400)', async () => {
    const tenant = await createTenant(t);
    const refused = await t.post(SAVE, { Name: tenant.name, BaseCurrency: 'JPY' }, await tenant.tokenFor('owner'));
    expect(refused.status).toBe(400);
    expect(refused.body.Message).toMatch(/^BaseCurrency must be one of /);
  });

  it('is chosen at sign-up, USD when none is chosen', async () => {
    const euro = await signUp(t, { BaseCurrency: 'EUR' });
    const plain = await signUp(t);
    const base = async (email: string) => (await t.get(GET, (await login(t, email, SIGNUP_PASSWORD)).AccessToken)).body.Result.BaseCurrency;
    expect(await base(euro.Email)).toBe('EUR');
    expect(await base(plain.Email)).toBe('USD');
    const refused = await t.post('/api/prospectrequest/register', registrationBody({ BaseCurrency: 'KWD' }));
    expect(refused.status).toBe(400);
    expect(refused.body.Message).toMatch(/^BaseCurrency must be one of /);
  });
});
