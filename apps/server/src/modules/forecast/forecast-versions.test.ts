import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { createCategory, createItem, createPlan } from '../../../test/planning-factories.ts';
import { snapshotTenant } from '../../../test/tenant-snapshot.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

// Row versions of forecast cells (DESIGN.md §13, /work/coord/VERSIONS.md): a cell starts at 1, counts
// one more per change (clearing included), a stale block is refused whole with the current cells.
const SAVE = '/api/ForecastClient/Save';

let t: TestApp;
let tenant: TestTenant;
beforeAll(async () => {
  t = await createTestApp();
  tenant = await createTenant(t);
});
afterAll(async () => t.close());

const fixture = async () => {
  const plan = await createPlan(t, tenant, { startDate: '2026-01-01', endDate: '2026-03-31' });
  const category = await createCategory(t, tenant);
  const ads = await createItem(t, tenant, { planId: plan.id, categoryId: category.id, amountCents: 30_000, name: 'Ads' });
  const fair = await createItem(t, tenant, { planId: plan.id, categoryId: category.id, amountCents: 30_000, name: 'Fair' });
  return { plan, ads, fair };
};

type Cell = { Month: string; Entered: number | null; Version: number | null };
const versionOf = (result: { Items: Array<{ BudgetItemId: string; Cells: Cell[] }> }, itemId: string, month: string) =>
  result.Items.find((item) => item.BudgetItemId === itemId)?.Cells.find((cell) => cell.Month === month)?.Version;

describe('forecast cell versions', () => {
  it('start at 1 and count one more per change, clearing included; the same amount again keeps the version', async () => {
    const { plan, ads } = await fixture();
    const owner = await tenant.tokenFor('owner');
    const send = async (forecast: number | null, version: number | null) => {
      const response = await t.post(
        SAVE,
        { MarketingPlanId: plan.id, Cells: [{ BudgetItemId: ads.id, Month: '2026-02', Forecast: forecast, Version: version }] },
        owner,
      );
      expect(response.status, response.text).toBe(200);
      return versionOf(response.body.Result, ads.id, '2026-02');
    };
    expect(await send(120, null)).toBe(1);
    expect(await send(130, 1)).toBe(2);
    expect(await send(130, 2)).toBe(2);
    expect(await send(null, 2)).toBe(3);
    expect(await send(140, 3)).toBe(4);
  });

  it('refuses a Version that is not a whole number from 1 (400)', async () => {
    const { plan, ads } = await fixture();
    const response = await t.post(
      SAVE,
      { MarketingPlanId: plan.id, Cells: [{ BudgetItemId: ads.id, Month: '2026-02', Forecast: 1, Version: 0 }] },
      await tenant.tokenFor('owner'),
    );
    expect(response.status).toBe(400);
  });

  it('answers a stale block 409 naming who saved the cell, with the current cells, writes none of it, and “save mine” with the new version works', async () => {
    const { plan, ads, fair } = await fixture();
    const admin = await tenant.tokenFor('admin');
    const planner = await tenant.tokenFor('member');
    const theirs = await t.post(
      SAVE,
      { MarketingPlanId: plan.id, Cells: [{ BudgetItemId: ads.id, Month: '2026-03', Forecast: 90 }] },
      admin,
    );
    expect(theirs.status, theirs.text).toBe(200);
    const before = await snapshotTenant(t.database, tenant.id);
    // The planner read both cells before the admin's save: no version for either.
    const block = [
      { BudgetItemId: fair.id, Month: '2026-03', Forecast: 50, Version: null },
      { BudgetItemId: ads.id, Month: '2026-03', Forecast: 75, Version: null },
    ];
    const stale = await t.post(SAVE, { MarketingPlanId: plan.id, Cells: block }, planner);
    expect(stale.status, stale.text).toBe(409);
    expect(stale.body.Message).toMatch(/^Admin .+ changed the forecast of Ads, Mar 2026 while you were editing\.$/);
    expect(stale.body.Conflict).toMatchObject({ Entity: 'BudgetItemForecast', Id: `${ads.id}/2026-03`, Version: 1 });
    expect(stale.body.Result).toEqual([
      expect.objectContaining({ BudgetItemId: ads.id, Name: 'Ads', Month: '2026-03', Entered: 90, Version: 1 }),
    ]);
    expect(await snapshotTenant(t.database, tenant.id)).toEqual(before);

    const mine = await t.post(SAVE, { MarketingPlanId: plan.id, Cells: [block[0], { ...block[1], Version: 1 }] }, planner);
    expect(mine.status, mine.text).toBe(200);
    expect(versionOf(mine.body.Result, ads.id, '2026-03')).toBe(2);
    expect(versionOf(mine.body.Result, fair.id, '2026-03')).toBe(1);
  });

  it('answers 409 for a version sent for a cell nobody saved', async () => {
    const { plan, fair } = await fixture();
    const response = await t.post(
      SAVE,
      { MarketingPlanId: plan.id, Cells: [{ BudgetItemId: fair.id, Month: '2026-01', Forecast: 10, Version: 4 }] },
      await tenant.tokenFor('owner'),
    );
    expect(response.status).toBe(409);
    expect(response.body.Result).toEqual([expect.objectContaining({ Month: '2026-01', Entered: null, Version: null })]);
  });
});
