import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../../test/factories.ts';
import { snapshotTenant } from '../../test/tenant-snapshot.ts';
import { createTestApp, createTestClock, type TestApp } from '../../test/test-app.ts';
import { selectRows } from '../db/rows.ts';
import { DEMO, DEMO_PLAN } from './demo-ids.ts';
import { DEMO_SEED_PARTS, seedDemo } from './index.ts';
import {
  DEMO_BUDGET_EDIT,
  DEMO_CLOSED_MONTHS,
  DEMO_FORECASTS,
  DEMO_REALLOCATION,
  seedDemoMonthClose,
  settleDemoCommitments,
} from './month-close.seed.ts';

const NOW = new Date('2026-11-21T12:00:00Z');
const planTotal = DEMO_PLAN.items.reduce((sum, item) => sum + item.amountCents, 0);

type Cell = { item: string; month: string; cents: number };
type Change = {
  item: string;
  month: string | null;
  kind: number;
  group_id: string | null;
  before: number;
  after: number;
  reason: string;
  changed_by: string | null;
};

const monthCells = async (t: TestApp): Promise<Cell[]> =>
  (
    await selectRows<{ item: string; month: string; cents: string }>(
      t.ctx.db,
      sql`SELECT m.budget_item_id AS item, to_char(m.month, 'YYYY-MM') AS month, m.amount_cents AS cents
          FROM budget_item_months m JOIN budget_items bi ON bi.tenant_id = m.tenant_id AND bi.id = m.budget_item_id
          WHERE m.tenant_id = ${DEMO.tenantId} AND bi.marketing_plan_id = ${DEMO_PLAN.id} ORDER BY 1, 2`,
    )
  ).map((row) => ({ ...row, cents: Number(row.cents) }));

const changes = async (t: TestApp): Promise<Change[]> =>
  (
    await selectRows<Omit<Change, 'before' | 'after'> & { before: string; after: string }>(
      t.ctx.db,
      sql`SELECT budget_item_id AS item, to_char(month, 'YYYY-MM') AS month, kind, group_id, before_cents AS before,
                 after_cents AS after, reason, changed_by
          FROM budget_changes WHERE tenant_id = ${DEMO.tenantId} AND marketing_plan_id = ${DEMO_PLAN.id}
          ORDER BY changed_at, budget_item_name, month`,
    )
  ).map((row) => ({ ...row, kind: Number(row.kind), before: Number(row.before), after: Number(row.after) }));

/** Rows by their group id (Map.groupBy is not in Node 20). */
const groupBy = (rows: Change[]): Map<string | null, Change[]> => {
  const groups = new Map<string | null, Change[]>();
  for (const row of rows) groups.set(row.group_id, [...(groups.get(row.group_id) ?? []), row]);
  return groups;
};

/** Per item and month of the plan: Actual and Committed cents from the kept sums. */
const spend = async (t: TestApp) => {
  const rows = await selectRows<{ item: string; month: string; status: number; cents: string }>(
    t.ctx.db,
    sql`SELECT budget_item_id AS item, to_char(month, 'YYYY-MM') AS month, status, sum(amount_cents)::bigint AS cents
        FROM expense_sums WHERE tenant_id = ${DEMO.tenantId} AND marketing_plan_id = ${DEMO_PLAN.id} GROUP BY 1, 2, 3`,
  );
  const of = (item: string, month: string, status: number) =>
    Number(rows.find((row) => row.item === item && row.month === month && Number(row.status) === status)?.cents ?? 0);
  return { actual: (item: string, month: string) => of(item, month, 3), committed: (item: string, month: string) => of(item, month, 2) };
};

let demo: TestApp;
let token: string;

beforeAll(async () => {
  demo = await createTestApp({ seedDemo: true, clock: createTestClock(NOW) });
  token = (await login(demo, DEMO.users.owner.email, DEMO.password)).AccessToken;
});
afterAll(async () => demo.close());

describe('demo month-close seed', () => {
  it('locks the baseline in January 2026 by the Owner, snapshotting each item’s months as the grid showed them', async () => {
    const plan = await demo.post('/api/MarketingPlanClient/GetMarketingPlan', { MarketingPlanId: DEMO_PLAN.id }, token);
    expect(plan.status).toBe(200);
    expect(plan.body.Result.BaselineLockedAt).toBe('2026-01-05T16:00:00.000Z');
    expect(plan.body.Result.BaselineLockedBy).toBe('Dana Demo');
    const baseline = await selectRows<{ item: string; month: string; cents: string }>(
      demo.ctx.db,
      sql`SELECT budget_item_id AS item, to_char(month, 'YYYY-MM') AS month, amount_cents AS cents FROM budget_item_baselines
          WHERE tenant_id = ${DEMO.tenantId} AND marketing_plan_id = ${DEMO_PLAN.id}`,
    );
    // The planning seed's phasing: even shares over the item's months, the last taking the remainder.
    for (const item of DEMO_PLAN.items) {
      const share = Math.floor(item.amountCents / item.months.length);
      const expected = item.months.map((month, index) => ({
        month: `2026-${String(month).padStart(2, '0')}`,
        cents: index === item.months.length - 1 ? item.amountCents - share * (item.months.length - 1) : share,
      }));
      const got = baseline
        .filter((row) => row.item === item.id)
        .map((row) => ({ month: row.month, cents: Number(row.cents) }))
        .sort((a, b) => a.month.localeCompare(b.month));
      expect(got, item.name).toEqual(expected);
    }
    expect(baseline.reduce((sum, row) => sum + Number(row.cents), 0)).toBe(planTotal);
  });

  it('closes January–October 2026 with roll forward, November next with its blockers, leaving each closed month at its Actual', async () => {
    const periods = await demo.post('/api/PlanPeriodClient/Get', { MarketingPlanId: DEMO_PLAN.id }, token);
    expect(periods.status).toBe(200);
    const months = periods.body.Result.Months as { Month: string; State: string; UnspentChoice: string | null; Blockers: unknown[] }[];
    expect(months.filter((month) => month.State === 'Closed').map((month) => month.Month)).toEqual(DEMO_CLOSED_MONTHS);
    expect(months.filter((month) => month.State === 'Closed').every((month) => month.UnspentChoice === 'RollForward')).toBe(true);
    expect(periods.body.Result.NextMonth).toBe('2026-11');
    const november = months.find((month) => month.Month === '2026-11');
    expect(november?.Blockers.length).toBeGreaterThan(0);
    expect(november?.Blockers).toContainEqual(
      expect.objectContaining({ Name: 'LinkedIn Sponsored Content — Oct', PurchaseDate: '2026-11-06' }),
    );
    const cells = await monthCells(demo);
    const { actual } = await spend(demo);
    for (const cell of cells.filter((row) => row.month < '2026-11')) {
      // Closed with roll forward: what was left went on; an overspent month keeps its Budget.
      expect(cell.cents, `${cell.item} ${cell.month}`).toBeLessThanOrEqual(Math.max(actual(cell.item, cell.month), 0));
    }
    const rolled = (await changes(demo)).filter((row) => row.kind === 3);
    expect(new Set(rolled.map((row) => row.reason))).toEqual(
      new Set(
        DEMO_CLOSED_MONTHS.map(
          (month) =>
            `Month close: ${new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' })}`,
        ),
      ),
    );
    // Each roll forward is two rows of one group: the cents leaving the month arrive in the next.
    const groups = groupBy(rolled);
    for (const [, pair] of groups) {
      expect(pair).toHaveLength(2);
      const [out, into] = pair as [Change, Change];
      expect(out.before - out.after).toBe(into.after - into.before);
      expect(out.changed_by).toBe(DEMO.users.owner.id);
    }
  });

  it('keeps the plan total to the cent through the roll forward, the reallocation and the reasoned edit', async () => {
    const cells = await monthCells(demo);
    const edit = DEMO_BUDGET_EDIT;
    const kept = await changes(demo);
    const editRow = kept.find((row) => row.kind === 1);
    expect(editRow).toMatchObject({ item: edit.item, month: edit.month, after: edit.afterCents, reason: edit.reason });
    const editDelta = (editRow?.after ?? 0) - (editRow?.before ?? 0);
    expect(editDelta).not.toBe(0);
    expect(cells.reduce((sum, cell) => sum + cell.cents, 0)).toBe(planTotal + editDelta);
    const items = await selectRows<{ id: string; cents: string }>(
      demo.ctx.db,
      sql`SELECT id, amount_cents AS cents FROM budget_items WHERE tenant_id = ${DEMO.tenantId} AND marketing_plan_id = ${DEMO_PLAN.id}`,
    );
    for (const row of items) {
      expect(Number(row.cents), row.id).toBe(cells.filter((cell) => cell.item === row.id).reduce((sum, cell) => sum + cell.cents, 0));
    }
    const moved = kept.filter((row) => row.kind === 2);
    expect(moved).toHaveLength(2);
    expect(moved[0]?.group_id).toBeTruthy();
    expect(moved[0]?.group_id).toBe(moved[1]?.group_id);
    expect(moved.map((row) => row.reason)).toEqual([DEMO_REALLOCATION.reason, DEMO_REALLOCATION.reason]);
    const from = moved.find((row) => row.item === DEMO_REALLOCATION.from);
    const to = moved.find((row) => row.item === DEMO_REALLOCATION.to);
    expect((from?.before ?? 0) - (from?.after ?? 0)).toBe(DEMO_REALLOCATION.cents);
    expect((to?.after ?? 0) - (to?.before ?? 0)).toBe(DEMO_REALLOCATION.cents);
    const list = await demo.post('/api/MarketingPlanClient/GetBudgetChanges', { MarketingPlanId: DEMO_PLAN.id }, token);
    expect(list.status).toBe(200);
    const kinds = new Set((list.body.Result as { Kind: string }[]).map((row) => row.Kind));
    expect(kinds.size).toBe(3);
  });

  it('has forecasts differing from Budget on open months, at or above Actual + Committed, and a Landing by the rule', async () => {
    const response = await demo.post('/api/ForecastClient/Get', { MarketingPlanId: DEMO_PLAN.id }, token);
    expect(response.status).toBe(200);
    const forecast = response.body.Result as {
      Items: {
        BudgetItemId: string;
        Cells: { Month: string; Budget: number; Entered: number | null; Forecast: number; Closed: boolean }[];
      }[];
      Totals: { Forecast: number; Baseline: number | null };
    };
    const cells = await monthCells(demo);
    const budgetOf = (item: string, month: string) => cells.find((cell) => cell.item === item && cell.month === month)?.cents ?? 0;
    const { actual, committed } = await spend(demo);
    for (const entered of DEMO_FORECASTS) {
      const floor = actual(entered.item, entered.month) + committed(entered.item, entered.month);
      expect(entered.cents, `${entered.item} ${entered.month}`).toBeGreaterThanOrEqual(floor);
      expect(entered.cents).not.toBe(budgetOf(entered.item, entered.month));
      const cell = forecast.Items.find((row) => row.BudgetItemId === entered.item)?.Cells.find((row) => row.Month === entered.month);
      expect(cell).toMatchObject({ Entered: entered.cents / 100, Forecast: entered.cents / 100, Closed: false });
    }
    // Landing by DESIGN §14, computed here from the rows: closed months their Actual; open months the
    // entered forecast, else the Budget, never below Actual + Committed.
    let landing = 0;
    for (const item of DEMO_PLAN.items) {
      for (let month = 1; month <= 12; month += 1) {
        const key = `2026-${String(month).padStart(2, '0')}`;
        if (DEMO_CLOSED_MONTHS.includes(key)) landing += actual(item.id, key);
        else {
          const entered = DEMO_FORECASTS.find((cell) => cell.item === item.id && cell.month === key)?.cents;
          landing += Math.max(entered ?? budgetOf(item.id, key), actual(item.id, key) + committed(item.id, key));
        }
      }
    }
    expect(Math.round(forecast.Totals.Forecast * 100)).toBe(landing);
    expect(forecast.Totals.Baseline).toBe(planTotal / 100);
    const dashboard = await demo.post('/api/DashboardClient/Get', { MarketingPlanId: DEMO_PLAN.id }, token);
    expect(dashboard.body.Result.Landing.Forecast).toBe(forecast.Totals.Forecast);
  });

  it('changes nothing when the demo is seeded again', async () => {
    const before = await snapshotTenant(demo.database, DEMO.tenantId);
    await seedDemo(demo.database, { sandbox: true });
    expect(await snapshotTenant(demo.database, DEMO.tenantId)).toEqual(before);
  });
});

describe('the seed’s month close', () => {
  it('writes what LockBaseline and PlanPeriodClient/Close write on the same data', async () => {
    // The same demo without this part: lock and close through the routes instead.
    const closed = await createTestApp({ seedDemo: false, clock: createTestClock(NOW) });
    try {
      await closed.database.db.transaction(async (tx) => {
        for (const part of DEMO_SEED_PARTS) if (part !== seedDemoMonthClose) await part(tx, { sandbox: true });
      });
      const auth = (await login(closed, DEMO.users.owner.email, DEMO.password)).AccessToken;
      expect((await closed.post('/api/MarketingPlanClient/LockBaseline', { MarketingPlanId: DEMO_PLAN.id }, auth)).status).toBe(200);
      await closed.database.db.transaction((tx) => settleDemoCommitments(tx));
      for (const month of DEMO_CLOSED_MONTHS) {
        const response = await closed.post(
          '/api/PlanPeriodClient/Close',
          { MarketingPlanId: DEMO_PLAN.id, Month: month, Unspent: 'RollForward' },
          auth,
        );
        expect(response.status, month).toBe(200);
      }
      const baselineOf = (t: TestApp) =>
        selectRows(
          t.ctx.db,
          sql`SELECT budget_item_id, to_char(month, 'YYYY-MM') AS month, amount_cents FROM budget_item_baselines
              WHERE tenant_id = ${DEMO.tenantId} AND marketing_plan_id = ${DEMO_PLAN.id} ORDER BY 1, 2`,
        );
      expect(await baselineOf(demo)).toEqual(await baselineOf(closed));

      // The seed's later kind 1/2 changes (after the closes) put back: the months as the closes left them.
      const seeded = await changes(demo);
      const cells = await monthCells(demo);
      for (const change of seeded.filter((row) => row.kind === 1 || row.kind === 2).reverse()) {
        const cell = cells.find((row) => row.item === change.item && row.month === change.month);
        expect(cell?.cents).toBe(change.after);
        if (cell) cell.cents = change.before;
      }
      expect(cells).toEqual(await monthCells(closed));

      const rollForward = (rows: Change[]) =>
        rows
          .filter((row) => row.kind === 3)
          .map(({ group_id: _group, ...row }) => row)
          .sort((a, b) => `${a.reason}${a.item}${a.month}`.localeCompare(`${b.reason}${b.item}${b.month}`));
      expect(rollForward(seeded)).toEqual(rollForward(await changes(closed)));
      const groupsOf = (rows: Change[]) =>
        [...groupBy(rows.filter((row) => row.kind === 3)).values()]
          .map((pair) => pair.map((row) => `${row.item} ${row.month}`).join(' + '))
          .sort();
      expect(groupsOf(seeded)).toEqual(groupsOf(await changes(closed)));

      const periodsOf = (t: TestApp) =>
        selectRows(
          t.ctx.db,
          sql`SELECT to_char(month, 'YYYY-MM') AS month, unspent, closed_by FROM plan_periods
              WHERE tenant_id = ${DEMO.tenantId} AND marketing_plan_id = ${DEMO_PLAN.id} ORDER BY 1`,
        );
      expect(await periodsOf(demo)).toEqual(await periodsOf(closed));
      const closeTrail = (t: TestApp) =>
        selectRows<{ description: string }>(
          t.ctx.db,
          sql`SELECT entity_id, description FROM activities WHERE tenant_id = ${DEMO.tenantId} AND marketing_plan_id = ${DEMO_PLAN.id}
                AND (description LIKE 'Closed %' OR description LIKE 'Month close: %') ORDER BY 1, 2`,
        );
      expect(await closeTrail(demo)).toEqual(await closeTrail(closed));
    } finally {
      await closed.close();
    }
  });
});
