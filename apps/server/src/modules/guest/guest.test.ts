import { GUEST_SUMMARY_RATE_PER_MINUTE } from '@plansmith/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { createCategory, createExpenseRow, createItem, createPlan } from '../../../test/planning-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const SUMMARY = '/guest/plansummary/Get';
const SHARE_KEY = 'k3Jd8sLq0PzX4vN1mBcT7yW2eR5uQ9aH6gF0iO3lKjM';

let t: TestApp;
let tenant: TestTenant;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await createTenant(t);
});
afterAll(async () => t.close());

describe('guest plan summary', () => {
  it('shows a shared plan by its share key without a token: name, dates and money by category and type, no people or ids', async () => {
    const plan = await createPlan(t, tenant, { name: 'FY26 Demand', shareKey: SHARE_KEY });
    const category = await createCategory(t, tenant, { name: 'Paid media', categoryType: 1 });
    const item = await createItem(t, tenant, { planId: plan.id, categoryId: category.id, amountCents: 500_000 });
    await createExpenseRow(t, tenant, { planId: plan.id, itemId: item.id, amountCents: 12_345, payee: 'Jane Doe Consulting' });
    await createExpenseRow(t, tenant, { planId: plan.id, itemId: item.id, amountCents: 5_000, status: 2 });
    await createExpenseRow(t, tenant, { planId: plan.id, itemId: item.id, amountCents: 480_000, status: 1 });

    const response = await t.post(SUMMARY, { ShareKey: SHARE_KEY });
    expect(response.status).toBe(200);
    // Left to plan = 5000 − 4800 planned − 50 − 123.45 (DESIGN.md §12); Available ignores planned.
    const money = { Budgeted: 5000, Planned: 4800, Committed: 50, Actual: 123.45, Available: 4826.55, LeftToPlan: 26.55 };
    expect(response.body.Result).toEqual({
      Name: 'FY26 Demand',
      Description: null,
      StartDate: '2026-01-01',
      EndDate: '2026-12-31',
      ...money,
      Categories: [{ Name: 'Paid media', CategoryType: 1, ...money }],
      Types: [{ CategoryType: 1, ...money }],
      BaseCurrency: 'USD',
    });
    expect(response.text).not.toContain('Jane Doe');
    expect(response.text).not.toContain(plan.id);
  });

  it('says not found for an unknown key, a plan id, and an unshared plan', async () => {
    const unshared = await createPlan(t, tenant);
    const unknown = await t.post(SUMMARY, { ShareKey: 'x'.repeat(43) });
    expect(unknown.status).toBe(404);
    expect(unknown.body.Message).toBe('This plan summary was not found.');
    const byId = await t.post(SUMMARY, { ShareKey: unshared.id });
    expect(byId.status).toBe(404);
    const malformed = await t.post(SUMMARY, { ShareKey: 'short' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.Message).toBe('This link is not valid.');
  });

  it(`refuses more than ${GUEST_SUMMARY_RATE_PER_MINUTE} requests a minute from one address with 429 and Retry-After`, async () => {
    const statuses: number[] = [];
    for (let index = 0; index < GUEST_SUMMARY_RATE_PER_MINUTE + 2; index += 1) {
      statuses.push((await t.post(SUMMARY, { ShareKey: 'y'.repeat(43) })).status);
    }
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    const last = await t.post(SUMMARY, { ShareKey: SHARE_KEY });
    expect(last.status).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
  });
});
