// Issue 34 / DESIGN.md §17: the overspend alert compares an item's amount with its actual spend in the
// tenant's base currency, each foreign expense converted at its purchase month's rate to the cent
// before the sum (hand-computed below), so an expense in EUR alerts exactly as its dollars say.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { createExpenseRow, createPlanWithItem } from '../../../test/planning-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { overspendAlerts } from '../../schema/notifications.ts';
import { trackOverspend } from './overspend.ts';

let t: TestApp;
let tenant: TestTenant;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await createTenant(t);
  await t.database.queryRows("INSERT INTO fx_rates (tenant_id, currency, month, rate) VALUES ($1, 'EUR', '2026-03-01', '1.08')", [
    tenant.id,
  ]);
});
afterAll(async () => t?.close());

const alertsOf = (itemId: string) => t.ctx.db.select().from(overspendAlerts).where(eq(overspendAlerts.budgetItemId, itemId));

describe('overspend alert with expenses in another currency', () => {
  it('does not alert when the converted spend equals the budget: €925.93 × 1.08 = $1,000.0044 → $1,000.00', async () => {
    const { plan, item } = await createPlanWithItem(t, tenant, 100_000);
    await createExpenseRow(t, tenant, { planId: plan.id, itemId: item.id, amountCents: 0, currency: 'EUR', amountMinor: 92_593 });
    await trackOverspend(t.ctx, t.ctx.db, { tenantId: tenant.id, budgetItemIds: [item.id] });
    expect(await alertsOf(item.id)).toEqual([]);
  });

  it('alerts when it is over by a cent after conversion: €925.94 × 1.08 = $1,000.0152 → $1,000.02', async () => {
    const { plan, item } = await createPlanWithItem(t, tenant, 100_000);
    await createExpenseRow(t, tenant, { planId: plan.id, itemId: item.id, amountCents: 0, currency: 'EUR', amountMinor: 92_594 });
    await trackOverspend(t.ctx, t.ctx.db, { tenantId: tenant.id, budgetItemIds: [item.id] });
    expect(await alertsOf(item.id)).toHaveLength(1);
  });
});
