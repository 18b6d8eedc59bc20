// Issue 34 part B / DESIGN.md §17: plans and budget items in another currency than the tenant's base.
// An item's Amount and months travel in its own currency (its minor units: JPY 0, USD 2, KWD 3);
// BaseAmount is the base figure at the plan's budget rate, computed by the database's triggers.
// Every figure below is computed by hand from the rates set in beforeAll.
import { insertRate } from '../../../test/planning-factories.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { createCategory, createPlan, ITEM_API, PLAN_API } from '../../../test/planning-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let acme: TestTenant;
let other: TestTenant;
let categoryId: string;
let planId: string;

const rate = (tenant: TestTenant, currency: string, month: string, value: string) => insertRate(t, tenant.id, currency, month, value);

const stored = async (id: string) =>
  (
    await t.database.queryRows<{ cents: string; currency: string | null; minor: string | null }>(
      'SELECT amount_cents::text AS cents, currency, amount_minor::text AS minor FROM budget_items WHERE id = $1',
      [id],
    )
  )[0];

const storedMonths = async (id: string) =>
  t.database.queryRows<{ month: string; cents: string; minor: string | null }>(
    "SELECT to_char(month, 'YYYY-MM') AS month, amount_cents::text AS cents, amount_minor::text AS minor FROM budget_item_months WHERE budget_item_id = $1 ORDER BY month",
    [id],
  );

const save = async (body: Record<string, unknown>, who: keyof TestTenant['users'] = 'member', tenant = acme) =>
  t.post(
    `${ITEM_API}/Save`,
    { Name: 'Item', Amount: 100, ItemType: 1, BudgetCategoryId: categoryId, MarketingPlanId: planId, ...body },
    await tenant.tokenFor(who),
  );

const planAt = async (fields: Record<string, unknown> = {}) => {
  const plan = await createPlan(t, acme, { StartDate: '2026-01-01', EndDate: '2026-12-31', ...fields });
  await t.database.queryRows("UPDATE marketing_plans SET budget_rate_month = '2026-03-01' WHERE id = $1", [plan.Id]);
  return plan;
};

beforeAll(async () => {
  t = await createTestApp();
  acme = await createTenant(t, { name: 'Acme' });
  other = await createTenant(t, { name: 'Other' });
  categoryId = (await createCategory(t, acme, 'Paid media')).Id;
  planId = (await planAt()).Id;
  await rate(acme, 'EUR', '2026-02', '1.08');
  await rate(acme, 'EUR', '2026-03', '1.0825');
  await rate(acme, 'JPY', '2026-03', '0.0067');
  await rate(acme, 'KWD', '2026-03', '3.25');
  // Another tenant's rates never reach Acme's items.
  await rate(other, 'EUR', '2026-03', '2');
});
afterAll(async () => t.close());

describe('a budget item in another currency (a Planner inside the team)', () => {
  it('keeps its own EUR amount and shows the base one at the plan’s budget rate: €1,200.00 × 1.0825 = $1,299.00', async () => {
    const response = await save({ Name: 'Berlin fair', Amount: 1200, Currency: 'EUR' });
    expect(response.status, response.text).toBe(200);
    expect(response.body.Result).toMatchObject({ Currency: 'EUR', Amount: 1200, BaseAmount: 1299, Available: 1299, Months: [] });
    expect(await stored(response.body.Result.Id)).toEqual({ cents: '129900', currency: 'EUR', minor: '120000' });
    const list = await t.post(`${ITEM_API}/GetBudgetItems`, { MarketingPlanId: planId }, await acme.tokenFor('viewer'));
    expect(list.body.Result.find((item: { Id: string }) => item.Id === response.body.Result.Id)).toMatchObject({
      Currency: 'EUR',
      Amount: 1200,
      BaseAmount: 1299,
    });
  });

  it('rounds half a cent away from zero: €2.00 × 1.0825 = $2.165 → $2.17; €19.99 → $21.639175 → $21.64', async () => {
    const two = await save({ Amount: 2, Currency: 'EUR' });
    expect(two.body.Result).toMatchObject({ Amount: 2, BaseAmount: 2.17 });
    const odd = await save({ Amount: 19.99, Currency: 'EUR' });
    expect(odd.body.Result).toMatchObject({ Amount: 19.99, BaseAmount: 21.64 });
  });

  it('takes yen without decimals: ¥150,000 × 0.0067 = $1,005.00, ¥1,234 → $8.2678 → $8.27; ¥1,234.5 is 400 naming Amount', async () => {
    expect((await save({ Amount: 150_000, Currency: 'JPY' })).body.Result).toMatchObject({
      Currency: 'JPY',
      Amount: 150_000,
      BaseAmount: 1005,
    });
    const small = await save({ Amount: 1234, Currency: 'JPY' });
    expect(small.body.Result).toMatchObject({ Amount: 1234, BaseAmount: 8.27 });
    expect(await stored(small.body.Result.Id)).toEqual({ cents: '827', currency: 'JPY', minor: '1234' });
    const bad = await save({ Amount: 1234.5, Currency: 'JPY' });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('Amount in JPY can have no decimals.');
    expect(bad.body.Errors).toContainEqual({ Field: 'Amount', Message: 'Amount in JPY can have no decimals.' });
    // The item's currency decides on an update that does not send one: the server checks it.
    const yen = (await save({ Amount: 10, Currency: 'JPY' })).body.Result;
    const kept = await save({ Id: yen.Id, Version: yen.Version, Amount: 10.5 });
    expect(kept.status).toBe(400);
    expect(kept.body.Errors).toContainEqual({ Field: 'Amount', Message: 'Amount in JPY can have no decimals.' });
  });

  it('takes dinars with 3 decimals: KWD 1.234 × 3.25 = $4.0105 → $4.01; phased 0.617 + 0.617 is $2.01 + $2.01 = $4.02', async () => {
    const flat = await save({ Amount: 1.234, Currency: 'KWD' });
    expect(flat.body.Result).toMatchObject({ Currency: 'KWD', Amount: 1.234, BaseAmount: 4.01 });
    expect(await stored(flat.body.Result.Id)).toEqual({ cents: '401', currency: 'KWD', minor: '1234' });
    // Each month converts on its own (0.617 × 3.25 = 2.00525 → 2.01) and the item is the sum of its months.
    const phased = await save({
      Amount: 1.234,
      Currency: 'KWD',
      Months: [
        { Month: '2026-04', Amount: 0.617 },
        { Month: '2026-05', Amount: 0.617 },
      ],
    });
    expect(phased.status, phased.text).toBe(200);
    expect(phased.body.Result).toMatchObject({ Amount: 1.234, BaseAmount: 4.02, IsPhased: true });
    expect(phased.body.Result.Months).toEqual([
      { Month: '2026-04', Amount: 0.617, BaseAmount: 2.01, Version: 1 },
      { Month: '2026-05', Amount: 0.617, BaseAmount: 2.01, Version: 1 },
    ]);
    expect(await storedMonths(phased.body.Result.Id)).toEqual([
      { month: '2026-04', cents: '201', minor: '617' },
      { month: '2026-05', cents: '201', minor: '617' },
    ]);
    const tooFine = await save({ Amount: 1.2345, Currency: 'KWD' });
    expect(tooFine.status).toBe(400);
  });

  it('adds up the months in the item’s currency, and says so in it', async () => {
    const response = await save({
      Amount: 1200,
      Currency: 'EUR',
      Months: [
        { Month: '2026-04', Amount: 600 },
        { Month: '2026-05', Amount: 500 },
      ],
    });
    expect(response.status).toBe(400);
    expect(response.text).toContain('The months add up to €1,100.00, but the amount is €1,200.00.');
    const cents = await save({ Amount: 10, Currency: 'JPY', Months: [{ Month: '2026-04', Amount: 10.5 }] });
    expect(cents.status).toBe(400);
  });

  it('keeps its currency on an update without one, and converts the new amount: €1,300.00 → $1,407.25', async () => {
    const created = (await save({ Amount: 1200, Currency: 'EUR' })).body.Result;
    const updated = await save({ Id: created.Id, Version: created.Version, Amount: 1300 });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body.Result).toMatchObject({ Currency: 'EUR', Amount: 1300, BaseAmount: 1407.25, Version: created.Version + 1 });
    // Back to the base currency: the amount is read in it, stored as before (no own amount).
    const back = await save({ Id: created.Id, Version: updated.body.Result.Version, Amount: 1400, Currency: 'USD' });
    expect(back.body.Result).toMatchObject({ Currency: 'USD', Amount: 1400, BaseAmount: 1400 });
    expect(await stored(created.Id)).toEqual({ cents: '140000', currency: null, minor: null });
  });

  it('changes a phased item’s currency only with its months in the new one', async () => {
    const created = (await save({ Amount: 100, Months: [{ Month: '2026-04', Amount: 100 }] })).body.Result;
    const without = await save({ Id: created.Id, Version: created.Version, Amount: 100, Currency: 'EUR' });
    expect(without.status).toBe(400);
    expect(without.text).toContain('send its months in EUR');
    const withMonths = await save({
      Id: created.Id,
      Version: created.Version,
      Amount: 100,
      Currency: 'EUR',
      Months: [{ Month: '2026-04', Amount: 100 }],
      Cells: [{ Month: '2026-04', Version: 1 }],
    });
    expect(withMonths.status, withMonths.text).toBe(200);
    expect(withMonths.body.Result).toMatchObject({ Currency: 'EUR', Amount: 100, BaseAmount: 108.25 });
    expect(await storedMonths(created.Id)).toEqual([{ month: '2026-04', cents: '10825', minor: '10000' }]);
  });

  it('answers 400 naming the currency and month when there is no rate, writing nothing', async () => {
    const response = await save({ Name: 'London', Amount: 100, Currency: 'GBP' });
    expect(response.status).toBe(400);
    expect(response.text).toContain('There is no GBP rate for March 2026');
    expect(await t.database.queryRows("SELECT 1 FROM budget_items WHERE name = 'London'")).toEqual([]);
  });

  it('leaves a base-currency item as it was: Currency USD, Amount = BaseAmount, no own amount stored', async () => {
    const response = await save({ Amount: 19.99 });
    expect(response.body.Result).toMatchObject({ Currency: 'USD', Amount: 19.99, BaseAmount: 19.99 });
    expect(await stored(response.body.Result.Id)).toEqual({ cents: '1999', currency: null, minor: null });
  });

  it('is edited in the month grid in its own currency (SetMonth and SaveMonths)', async () => {
    const item = (await save({ Amount: 1200, Currency: 'EUR', Months: [{ Month: '2026-04', Amount: 1200 }] })).body.Result;
    const token = await acme.tokenFor('member');
    const typed = await t.post(
      `${ITEM_API}/SetMonth`,
      { BudgetItemId: item.Id, Month: '2026-05', Amount: 100, YearTotal: null, Version: null },
      token,
    );
    expect(typed.status, typed.text).toBe(200);
    // €1,300.00 in all; €1,200 × 1.0825 = $1,299.00 and €100 × 1.0825 = $108.25.
    expect(typed.body.Result.Item).toMatchObject({ Currency: 'EUR', Amount: 1300, BaseAmount: 1407.25 });
    expect(typed.body.Result.Description).toBe('Item: €1,200.00 → €1,300.00 for the year (May 2026: €0.00 → €100.00)');
    const months = await t.post(`${ITEM_API}/GetPlanMonths`, { MarketingPlanId: planId }, token);
    expect(months.body.Result.find((entry: { BudgetItemId: string }) => entry.BudgetItemId === item.Id)).toEqual({
      BudgetItemId: item.Id,
      Currency: 'EUR',
      Months: [
        { Month: '2026-04', Amount: 1200, BaseAmount: 1299, Version: 1 },
        { Month: '2026-05', Amount: 100, BaseAmount: 108.25, Version: 1 },
      ],
    });
    const pasted = await t.post(
      `${ITEM_API}/SaveMonths`,
      {
        MarketingPlanId: planId,
        Items: [
          {
            BudgetItemId: item.Id,
            Amount: 1000,
            Version: typed.body.Result.Item.Version,
            Cells: [
              { Month: '2026-04', Version: 1 },
              { Month: '2026-05', Version: 1 },
            ],
            Months: [
              { Month: '2026-04', Amount: 999.99 },
              { Month: '2026-05', Amount: 0.01 },
            ],
          },
        ],
      },
      token,
    );
    expect(pasted.status, pasted.text).toBe(200);
    // €999.99 × 1.0825 = $1,082.489175 → $1,082.49; €0.01 × 1.0825 = $0.010825 → $0.01.
    expect(pasted.body.Result[0]).toMatchObject({ Currency: 'EUR', Amount: 1000, BaseAmount: 1082.5 });
    expect(await storedMonths(item.Id)).toEqual([
      { month: '2026-04', cents: '108249', minor: '99999' },
      { month: '2026-05', cents: '1', minor: '1' },
    ]);
    const yen = (await save({ Amount: 1000, Currency: 'JPY' })).body.Result;
    const fraction = await t.post(
      `${ITEM_API}/SetMonth`,
      { BudgetItemId: yen.Id, Month: '2026-05', Amount: 0.5, YearTotal: null, Version: yen.Version },
      token,
    );
    expect(fraction.status).toBe(400);
    expect(fraction.text).toContain('Amount in JPY can have no decimals.');
  });

  it('refuses to reallocate with an item in another currency with a clear 409, writing nothing', async () => {
    const euro = (await save({ Name: 'Euro item', Amount: 1200, Currency: 'EUR', Months: [{ Month: '2026-04', Amount: 1200 }] })).body
      .Result;
    const dollar = (await save({ Name: 'Dollar item', Amount: 1200, Months: [{ Month: '2026-04', Amount: 1200 }] })).body.Result;
    const response = await t.post(
      `${ITEM_API}/Reallocate`,
      {
        FromBudgetItemId: dollar.Id,
        ToBudgetItemId: euro.Id,
        Month: '2026-04',
        Amount: 100,
        Reason: 'Move',
        Cells: [
          { BudgetItemId: dollar.Id, Version: 1 },
          { BudgetItemId: euro.Id, Version: 1 },
        ],
      },
      await acme.tokenFor('owner'),
    );
    expect(response.status, response.text).toBe(409);
    expect(response.text).toContain('“Euro item” is budgeted in EUR');
    expect(await stored(euro.Id)).toEqual({ cents: '129900', currency: 'EUR', minor: '120000' });
  });

  it('stays another tenant’s secret: a foreign tenant neither reads nor saves it, and its rates are not used', async () => {
    const item = (await save({ Amount: 1000, Currency: 'EUR' })).body.Result;
    expect(item.BaseAmount).toBe(1082.5);
    const read = await t.post(`${ITEM_API}/GetBudgetItem`, { BudgetItemId: item.Id }, await other.tokenFor('owner'));
    expect(read.status).toBe(404);
    const write = await save({ Id: item.Id, Version: item.Version, Amount: 1, Currency: 'JPY' }, 'owner', other);
    expect(write.status).toBe(404);
    expect(await stored(item.Id)).toEqual({ cents: '108250', currency: 'EUR', minor: '100000' });
  });

  it('is not saved by a Viewer', async () => {
    expect((await save({ Amount: 1, Currency: 'EUR' }, 'viewer')).status).toBe(403);
  });
});

describe('a plan’s Currency', () => {
  it('is the base unless chosen, is the default of its new items, and cannot change once it has items', async () => {
    const token = await acme.tokenFor('owner');
    const plain = await planAt({ Name: 'US plan' });
    expect((await t.post(`${PLAN_API}/GetMarketingPlan`, { MarketingPlanId: plain.Id }, token)).body.Result.Currency).toBe('USD');
    const emea = await planAt({ Name: 'EMEA', Currency: 'EUR' });
    expect(emea).toMatchObject({ Currency: 'EUR' });
    const item = await save({ MarketingPlanId: emea.Id, Amount: 1000 });
    expect(item.body.Result).toMatchObject({ Currency: 'EUR', Amount: 1000, BaseAmount: 1082.5 });
    const plan = (await t.post(`${PLAN_API}/GetMarketingPlan`, { MarketingPlanId: emea.Id }, token)).body.Result;
    // Totals are in the base currency.
    expect(plan.Totals.Budget).toBe(1082.5);
    const change = await t.post(
      `${PLAN_API}/Save`,
      { Id: emea.Id, Name: 'EMEA', TeamId: acme.teamId, Version: plan.Version, Currency: 'GBP' },
      token,
    );
    expect(change.status).toBe(409);
    expect(change.text).toContain('cannot change once it has budget items');
    // Saving it with the same Currency (or none) is no change.
    const same = await t.post(
      `${PLAN_API}/Save`,
      { Id: emea.Id, Name: 'EMEA 2026', TeamId: acme.teamId, Version: plan.Version, Currency: 'EUR' },
      token,
    );
    expect(same.status, same.text).toBe(200);
    // Without items it changes; the base is stored as none.
    const empty = (await t.post(`${PLAN_API}/GetMarketingPlan`, { MarketingPlanId: plain.Id }, token)).body.Result;
    const moved = await t.post(
      `${PLAN_API}/Save`,
      { Id: plain.Id, Name: 'US plan', TeamId: acme.teamId, Version: empty.Version, Currency: 'JPY' },
      token,
    );
    expect(moved.body.Result.Currency).toBe('JPY');
    const back = await t.post(
      `${PLAN_API}/Save`,
      { Id: plain.Id, Name: 'US plan', TeamId: acme.teamId, Version: moved.body.Result.Version, Currency: 'USD' },
      token,
    );
    expect(back.body.Result.Currency).toBe('USD');
    expect(await t.database.queryRows('SELECT currency FROM marketing_plans WHERE id = $1', [plain.Id])).toEqual([{ currency: null }]);
  });
});
