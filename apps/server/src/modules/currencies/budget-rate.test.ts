// Issue 34 part A / DESIGN.md §17: budgets in another currency convert at the plan's budget rate —
// the month its baseline was locked, and today's month (in the tenant's zone) until then. A new plan
// starts at today's month, LockBaseline moves it to the lock month, UnlockBaseline back to today's,
// and the scheduler keeps unlocked plans at today's month when the month turns.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, login, type TestTenant } from '../../../test/factories.ts';
import { createCategory, createItem, createPlan, itemBaseCents } from '../../../test/planning-factories.ts';
import { createTestApp, createTestClock, type TestApp } from '../../../test/test-app.ts';

const PLAN_API = '/api/MarketingPlanClient';
const clock = createTestClock(new Date('2026-11-27T12:00:00Z'));
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => t.close());

const planRow = async (tenant: TestTenant, planId: string) =>
  (
    await t.database.queryRows<{ month: string; version: number }>(
      "SELECT to_char(budget_rate_month, 'YYYY-MM-DD') AS month, version FROM marketing_plans WHERE tenant_id = $1 AND id = $2",
      [tenant.id, planId],
    )
  )[0];
const itemCents = (tenant: TestTenant, id: string) => itemBaseCents(t, tenant.id, id);

/** EUR rates Oct–Dec 2026 and a plan at October's rate with an unphased €1,000.00 item. */
const eurPlan = async (tenant: TestTenant) => {
  for (const [month, rate] of [
    ['2026-10', '1.05'],
    ['2026-11', '1.1'],
    ['2026-12', '1.2'],
  ] as const) {
    await t.database.queryRows('INSERT INTO fx_rates (tenant_id, currency, month, rate) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING', [
      tenant.id,
      'EUR',
      `${month}-01`,
      rate,
    ]);
  }
  const plan = await createPlan(t, tenant);
  await t.database.queryRows("UPDATE marketing_plans SET budget_rate_month = '2026-10-01' WHERE tenant_id = $1 AND id = $2", [
    tenant.id,
    plan.id,
  ]);
  const category = await createCategory(t, tenant);
  const item = await createItem(t, tenant, {
    planId: plan.id,
    categoryId: category.id,
    amountCents: 0,
    currency: 'EUR',
    amountMinor: 100_000,
  });
  return { plan, item };
};

describe('the budget rate month', () => {
  it('of a new plan is today’s month in the tenant’s time zone', async () => {
    clock.set(new Date('2026-11-30T12:00:00Z'));
    const tenant = await createTenant(t);
    // Noon UTC on November 30 is already December 1 in Auckland (UTC+13).
    await t.database.queryRows("UPDATE tenants SET time_zone = 'Pacific/Auckland' WHERE id = $1", [tenant.id]);
    const created = await t.post(`${PLAN_API}/Save`, { Name: 'FY27 EMEA', TeamId: tenant.teamId }, await tenant.tokenFor('owner'));
    expect(created.status, created.text).toBe(200);
    expect((await planRow(tenant, created.body.Result.Id))?.month).toBe('2026-12-01');
  });

  it('moves to the lock month when the baseline is locked (the snapshot in that rate), and back to today’s month when unlocked', async () => {
    clock.set(new Date('2026-11-27T12:00:00Z'));
    const tenant = await createTenant(t);
    const owner = await tenant.tokenFor('owner');
    const { plan, item } = await eurPlan(tenant);
    // €1,000.00 × 1.05 (October) = $1,050.00
    expect(await itemCents(tenant, item.id)).toBe('105000');

    const locked = await t.post(`${PLAN_API}/LockBaseline`, { MarketingPlanId: plan.id }, owner);
    expect(locked.status, locked.text).toBe(200);
    expect((await planRow(tenant, plan.id))?.month).toBe('2026-11-01');
    // €1,000.00 × 1.1 (November, the lock month) = $1,100.00, in the item and in its snapshot
    expect(await itemCents(tenant, item.id)).toBe('110000');
    const [snapshot] = await t.database.queryRows<{ cents: string }>(
      'SELECT sum(amount_cents)::text AS cents FROM budget_item_baselines WHERE tenant_id = $1 AND budget_item_id = $2',
      [tenant.id, item.id],
    );
    expect(snapshot?.cents).toBe('110000');

    clock.set(new Date('2026-12-02T12:00:00Z'));
    const later = (await login(t, tenant.users.owner.email)).AccessToken;
    const unlocked = await t.post(`${PLAN_API}/UnlockBaseline`, { MarketingPlanId: plan.id, Reason: 'Re-plan Q1' }, later);
    expect(unlocked.status, unlocked.text).toBe(200);
    expect((await planRow(tenant, plan.id))?.month).toBe('2026-12-01');
    // €1,000.00 × 1.2 (December) = $1,200.00
    expect(await itemCents(tenant, item.id)).toBe('120000');
  });

  it('of every unlocked plan follows the month when it turns; a locked plan keeps its lock month', async () => {
    clock.set(new Date('2026-11-27T12:00:00Z'));
    const tenant = await createTenant(t);
    const owner = await tenant.tokenFor('owner');
    const open = await eurPlan(tenant);
    const locked = await eurPlan(tenant);
    expect((await t.post(`${PLAN_API}/LockBaseline`, { MarketingPlanId: locked.plan.id }, owner)).status).toBe(200);
    await t.app.budgetRates.tick();
    expect((await planRow(tenant, open.plan.id))?.month).toBe('2026-11-01');
    expect(await itemCents(tenant, open.item.id)).toBe('110000');
    const version = (await planRow(tenant, open.plan.id))?.version;

    // Nothing to do until the month turns: the plan row is left alone.
    await t.app.budgetRates.tick();
    expect((await planRow(tenant, open.plan.id))?.version).toBe(version);

    clock.set(new Date('2026-12-01T00:30:00Z'));
    await t.app.budgetRates.tick();
    expect((await planRow(tenant, open.plan.id))?.month).toBe('2026-12-01');
    expect(await itemCents(tenant, open.item.id)).toBe('120000');
    expect((await planRow(tenant, locked.plan.id))?.month).toBe('2026-11-01');
    expect(await itemCents(tenant, locked.item.id)).toBe('110000');
  });

  it('falls back to the latest earlier rate when today’s month has none yet', async () => {
    clock.set(new Date('2027-01-05T12:00:00Z'));
    const tenant = await createTenant(t);
    const { plan, item } = await eurPlan(tenant);
    await t.app.budgetRates.tick();
    expect((await planRow(tenant, plan.id))?.month).toBe('2027-01-01');
    // No January rate: December's 1.2 stands in.
    expect(await itemCents(tenant, item.id)).toBe('120000');
  });
});
