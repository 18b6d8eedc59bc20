// The demo's EMEA plan (issue 34 item 7): a plan in EUR with items in EUR and expenses in EUR and GBP,
// a year of EUR and GBP rates, every base figure the triggers' conversion (hand-computed below).
import { convertMinorUnits } from '@plansmith/contract/currency-codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { DEMO_EMEA_PLAN, DEMO_RATES } from './currencies.seed.ts';
import { DEMO, DEMO_PLAN } from './demo-ids.ts';
import { seedDemo } from './index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
});
afterAll(async () => t.close());

const q = <T>(text: string, params: unknown[] = [DEMO.tenantId]) => t.database.queryRows<T & Record<string, unknown>>(text, params);

describe('the demo EMEA plan', () => {
  it('has a year of EUR and GBP rates and a live plan in EUR', async () => {
    const rates = await q<{ currency: string; n: number }>(
      'SELECT currency, count(*)::int AS n FROM fx_rates WHERE tenant_id = $1 GROUP BY currency ORDER BY currency',
    );
    expect(rates).toEqual([
      { currency: 'EUR', n: 12 },
      { currency: 'GBP', n: 12 },
    ]);
    const [plan] = await q<{ currency: string; state: number; name: string }>(
      'SELECT name, currency, state FROM marketing_plans WHERE tenant_id = $1 AND id = $2',
      [DEMO.tenantId, DEMO_EMEA_PLAN.id],
    );
    expect(plan).toEqual({ name: 'EMEA 2026', currency: 'EUR', state: 1 });
    // The demo plan budgets at the rate of January, when its baseline was locked.
    const [demo] = await q<{ month: string }>(
      "SELECT to_char(budget_rate_month, 'YYYY-MM') AS month FROM marketing_plans WHERE tenant_id = $1 AND id = $2",
      [DEMO.tenantId, DEMO_PLAN.id],
    );
    expect(demo?.month).toBe('2026-01');
  });

  it('converts each expense at its purchase month’s rate (hand-computed) and each budget at the plan’s budget rate', async () => {
    const rows = await q<{ name: string; currency: string; minor: string; cents: string }>(
      `SELECT name, currency, amount_minor::text AS minor, amount_cents::text AS cents FROM expenses
        WHERE tenant_id = $1 AND marketing_plan_id = $2 ORDER BY purchase_date`,
      [DEMO.tenantId, DEMO_EMEA_PLAN.id],
    );
    expect(rows.map((row) => [row.currency, row.minor, row.cents])).toEqual([
      ['EUR', '298040', '322181'], // €2,980.40 × 1.0810 (March) = $3,221.8124 → $3,221.81
      ['GBP', '420000', '554820'], // £4,200.00 × 1.3210 (April) = $5,548.20
      ['EUR', '1250000', '1410000'], // €12,500.00 × 1.1280 (May) = $14,100.00
      ['GBP', '64050', '86147'], // £640.50 × 1.3450 (August) = $861.4725 → $861.47
      ['EUR', '186550', '216585'], // €1,865.50 × 1.1610 (October) = $2,165.8455 → $2,165.85 (half up)
    ]);
    // Budgets: the latest EUR rate on or before the plan's budget rate month (today's, the plan being unlocked).
    const [{ month } = { month: '' }] = await q<{ month: string }>(
      "SELECT to_char(budget_rate_month, 'YYYY-MM') AS month FROM marketing_plans WHERE tenant_id = $1 AND id = $2",
      [DEMO.tenantId, DEMO_EMEA_PLAN.id],
    );
    const index = month < '2026-01' ? -1 : month > '2026-12' ? 11 : Number(month.slice(5, 7)) - 1;
    expect(index).toBeGreaterThanOrEqual(0);
    const rate = Number(DEMO_RATES.EUR[index]);
    const months = await q<{ item: string; minor: string; cents: string }>(
      `SELECT budget_item_id AS item, amount_minor::text AS minor, amount_cents::text AS cents FROM budget_item_months
        WHERE tenant_id = $1 AND budget_item_id = ANY($2::uuid[])`,
      [DEMO.tenantId, DEMO_EMEA_PLAN.items.map((item) => item.id)],
    );
    for (const cell of months) expect(Number(cell.cents)).toBe(convertMinorUnits(Number(cell.minor), 'EUR', rate, 'USD'));
    const items = await q<{ id: string; currency: string; minor: string; cents: string }>(
      `SELECT id, currency, amount_minor::text AS minor, amount_cents::text AS cents FROM budget_items
        WHERE tenant_id = $1 AND marketing_plan_id = $2 ORDER BY name`,
      [DEMO.tenantId, DEMO_EMEA_PLAN.id],
    );
    expect(items).toHaveLength(4);
    for (const item of items) {
      const cells = months.filter((cell) => cell.item === item.id);
      expect(item.currency).toBe('EUR');
      // The months add up to the item in its own currency, and their base amounts to its base amount.
      expect(cells.reduce((sum, cell) => sum + Number(cell.minor), 0)).toBe(Number(item.minor));
      expect(cells.reduce((sum, cell) => sum + Number(cell.cents), 0)).toBe(Number(item.cents));
    }
  });

  it('adds nothing when seeded again', async () => {
    const count = async () =>
      (
        await q<{ n: number }>(
          `SELECT (SELECT count(*) FROM fx_rates WHERE tenant_id = $1) + (SELECT count(*) FROM expenses WHERE tenant_id = $1)
                + (SELECT count(*) FROM budget_items WHERE tenant_id = $1) + (SELECT count(*) FROM marketing_plans WHERE tenant_id = $1) AS n`,
        )
      )[0]?.n;
    const before = await count();
    await seedDemo(t.database, { sandbox: true });
    expect(await count()).toBe(before);
  });
});
