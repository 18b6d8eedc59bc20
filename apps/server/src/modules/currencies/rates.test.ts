// Issue 34 part A / DESIGN.md §17: CurrencyClient GetRates, SaveRates and ImportRates through the
// real app, with hand-computed conversions of what a rate change reconverts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { createCategory, createExpenseRow, createItem, createPlan, itemBaseCents } from '../../../test/planning-factories.ts';
import { snapshotTenant } from '../../../test/tenant-snapshot.ts';
import { createTestApp, createTestClock, type TestApp } from '../../../test/test-app.ts';

const GET = '/api/CurrencyClient/GetRates';
const SAVE = '/api/CurrencyClient/SaveRates';
const IMPORT = '/api/CurrencyClient/ImportRates';

const clock = createTestClock(new Date('2026-11-27T12:00:00Z'));
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => t.close());

const csv = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/** A plan converting its budgets at March 2026, an EUR item of €1,000.00 and an EUR expense of €19.99 bought in March. */
const eurFixture = async (tenant: TestTenant, token: string) => {
  const saved = await t.post(
    SAVE,
    {
      Rates: [
        { Currency: 'EUR', Month: '2026-02', Rate: 1.08 },
        { Currency: 'EUR', Month: '2026-03', Rate: 1.0825 },
      ],
    },
    token,
  );
  expect(saved.status, saved.text).toBe(200);
  const plan = await createPlan(t, tenant);
  await t.database.queryRows("UPDATE marketing_plans SET budget_rate_month = '2026-03-01' WHERE tenant_id = $1 AND id = $2", [
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
  const expense = await createExpenseRow(t, tenant, {
    planId: plan.id,
    itemId: item.id,
    amountCents: 0,
    currency: 'EUR',
    amountMinor: 1999,
  });
  return { plan, item, expense };
};

const expenseRow = async (tenant: TestTenant, id: string) =>
  (
    await t.database.queryRows<{ cents: string; version: number }>(
      'SELECT amount_cents::text AS cents, version FROM expenses WHERE tenant_id = $1 AND id = $2',
      [tenant.id, id],
    )
  )[0];
const itemCents = (tenant: TestTenant, id: string) => itemBaseCents(t, tenant.id, id);

describe('SaveRates', () => {
  it('creates rates at Version 1, reads them back, and lists the currencies and expense months in use', async () => {
    const tenant = await createTenant(t);
    const admin = await tenant.tokenFor('admin');
    const { expense } = await eurFixture(tenant, admin);
    expect(expense).toBeTruthy();
    const read = await t.post(GET, { Year: 2026 }, await tenant.tokenFor('member'));
    expect(read.status, read.text).toBe(200);
    expect(read.body.Result.BaseCurrency).toBe('USD');
    expect(
      read.body.Result.Rates.map((rate: { Month: string; Rate: number; Version: number }) => [rate.Month, rate.Rate, rate.Version]),
    ).toEqual([
      ['2026-02', 1.08, 1],
      ['2026-03', 1.0825, 1],
    ]);
    expect(read.body.Result.Used).toEqual([{ Currency: 'EUR', Months: ['2026-03'] }]);
    expect((await t.post(GET, { Year: 2025 }, admin)).body.Result.Rates).toEqual([]);
  });

  it('reconverts the month’s expenses and the budgets converted at it, in the same save (hand figures)', async () => {
    const tenant = await createTenant(t);
    const admin = await tenant.tokenFor('admin');
    const { item, expense } = await eurFixture(tenant, admin);
    // €19.99 × 1.0825 = $21.639175 → $21.64; the budget at March's rate: €1,000.00 × 1.0825 = $1,082.50
    expect((await expenseRow(tenant, expense.id))?.cents).toBe('2164');
    expect(await itemCents(tenant, item.id)).toBe('108250');

    const saved = await t.post(SAVE, { Rates: [{ Currency: 'EUR', Month: '2026-03', Rate: 1.1, Version: 1 }] }, admin);
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.Result).toEqual({ Saved: 1, Reconverted: 2 });
    // €19.99 × 1.1 = $21.989 → $21.99; €1,000.00 × 1.1 = $1,100.00
    expect(await expenseRow(tenant, expense.id)).toEqual({ cents: '2199', version: 2 });
    expect(await itemCents(tenant, item.id)).toBe('110000');
    const rates = (await t.post(GET, { Currency: 'EUR' }, admin)).body.Result.Rates;
    expect(rates[1]).toMatchObject({ Month: '2026-03', Rate: 1.1, Version: 2 });

    // February's rate is earlier than the plan's budget month (March has its own): nothing converts at it.
    const february = await t.post(SAVE, { Rates: [{ Currency: 'EUR', Month: '2026-02', Rate: 1.2, Version: 1 }] }, admin);
    expect(february.body.Result).toEqual({ Saved: 1, Reconverted: 1 });
    expect(await itemCents(tenant, item.id)).toBe('110000');
    // The same rate again changes nothing and converts nothing.
    const same = await t.post(SAVE, { Rates: [{ Currency: 'EUR', Month: '2026-03', Rate: 1.1, Version: 2 }] }, admin);
    expect(same.body.Result).toEqual({ Saved: 0, Reconverted: 0 });
  });

  it('answers 409 to a stale or missing Version, naming who changed the rate, with the current rate, and saves nothing', async () => {
    const tenant = await createTenant(t);
    const admin = await tenant.tokenFor('admin');
    const owner = await tenant.tokenFor('owner');
    const { expense } = await eurFixture(tenant, admin);
    const changed = await t.post(SAVE, { Rates: [{ Currency: 'EUR', Month: '2026-03', Rate: 1.09, Version: 1 }] }, admin);
    expect(changed.status, changed.text).toBe(200);
    const before = await snapshotTenant(t.database, tenant.id);

    const stale = await t.post(
      SAVE,
      {
        Rates: [
          { Currency: 'GBP', Month: '2026-03', Rate: 1.27 },
          { Currency: 'EUR', Month: '2026-03', Rate: 1.5, Version: 1 },
        ],
      },
      owner,
    );
    expect(stale.status, stale.text).toBe(409);
    expect(stale.body.Message).toMatch(/^Admin .+ changed the EUR rate of March 2026 at .+ while you were editing\.$/);
    expect(stale.body.Conflict).toMatchObject({ Entity: 'FxRate', Id: 'EUR 2026-03', Version: 2 });
    expect(stale.body.Result).toEqual([expect.objectContaining({ Currency: 'EUR', Month: '2026-03', Rate: 1.09, Version: 2 })]);
    const missing = await t.post(SAVE, { Rates: [{ Currency: 'EUR', Month: '2026-03', Rate: 1.5 }] }, owner);
    expect(missing.status, missing.text).toBe(409);
    expect(await snapshotTenant(t.database, tenant.id)).toEqual(before);
    // €19.99 × 1.09 = $21.7891 → $21.79, unchanged by the refused saves.
    expect((await expenseRow(tenant, expense.id))?.cents).toBe('2179');

    const mine = await t.post(
      SAVE,
      { Rates: [{ Currency: 'EUR', Month: '2026-03', Rate: 1.5, Version: stale.body.Conflict.Version }] },
      owner,
    );
    expect(mine.status, mine.text).toBe(200);
  });

  it('refuses a rate whose month is closed in a plan with expenses in that currency (409), saving none of the rates', async () => {
    const tenant = await createTenant(t);
    const admin = await tenant.tokenFor('admin');
    const { plan, expense } = await eurFixture(tenant, admin);
    await t.database.queryRows("INSERT INTO plan_periods (tenant_id, marketing_plan_id, month, unspent) VALUES ($1, $2, '2026-03-01', 1)", [
      tenant.id,
      plan.id,
    ]);
    const before = await snapshotTenant(t.database, tenant.id);
    const refused = await t.post(
      SAVE,
      {
        Rates: [
          { Currency: 'GBP', Month: '2026-01', Rate: 1.27 },
          { Currency: 'EUR', Month: '2026-03', Rate: 1.2, Version: 1 },
        ],
      },
      admin,
    );
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.Message).toBe(
      `March 2026 is closed in “${plan.name}”, which has EUR expenses in it: their amounts cannot change. An Admin can reopen the month on the Close page.`,
    );
    expect(await snapshotTenant(t.database, tenant.id)).toEqual(before);
    expect((await expenseRow(tenant, expense.id))?.cents).toBe('2164');
    // A month without expenses in that currency is not held by the close: April's rate can be entered.
    const april = await t.post(SAVE, { Rates: [{ Currency: 'EUR', Month: '2026-04', Rate: 1.2 }] }, admin);
    expect(april.status, april.text).toBe(200);
  });

  it('refuses the base currency’s own rate (400 naming the row’s Currency)', async () => {
    const tenant = await createTenant(t);
    const refused = await t.post(SAVE, { Rates: [{ Currency: 'USD', Month: '2026-03', Rate: 1 }] }, await tenant.tokenFor('owner'));
    expect(refused.status).toBe(400);
    expect(refused.body.Errors).toEqual([{ Field: 'Rates.0.Currency', Message: 'USD is the base currency: its rate is always 1.' }]);
  });

  it('keeps rates per tenant: another tenant neither sees nor changes yours', async () => {
    const home = await createTenant(t);
    const other = await createTenant(t);
    await eurFixture(home, await home.tokenFor('admin'));
    const theirs = await t.post(GET, {}, await other.tokenFor('owner'));
    expect(theirs.body.Result).toEqual({ BaseCurrency: 'USD', Rates: [], Used: [] });
    const before = await snapshotTenant(t.database, home.id);
    // The same currency and month in the other tenant is a rate of its own (created, not a stale change of ours).
    const saved = await t.post(SAVE, { Rates: [{ Currency: 'EUR', Month: '2026-03', Rate: 2 }] }, await other.tokenFor('owner'));
    expect(saved.body.Result).toEqual({ Saved: 1, Reconverted: 0 });
    expect(await snapshotTenant(t.database, home.id)).toEqual(before);
    expect((await t.post(GET, { Currency: 'EUR' }, await home.tokenFor('member'))).body.Result.Rates[1]).toMatchObject({ Rate: 1.0825 });
  });

  it('lets every signed-in person read the rates, and only an Admin or the Owner change them (Member 403)', async () => {
    const tenant = await createTenant(t);
    const member = await tenant.tokenFor('member');
    expect((await t.post(GET, {}, member)).status).toBe(200);
    expect((await t.post(SAVE, { Rates: [{ Currency: 'EUR', Month: '2026-03', Rate: 1.1 }] }, member)).status).toBe(403);
    const file = { FileName: 'rates.csv', ContentBase64: csv('Currency,Month,Rate\nEUR,2026-03,1.1\n') };
    expect((await t.post(IMPORT, file, member)).status).toBe(403);
    expect((await t.post(GET, {}, await tenant.tokenFor('owner'))).body.Result.Rates).toEqual([]);
  });
});

describe('ImportRates', () => {
  it('saves every row or none: a bad row is named with its number and reason, and nothing is written', async () => {
    const tenant = await createTenant(t);
    const admin = await tenant.tokenFor('admin');
    const before = await snapshotTenant(t.database, tenant.id);
    const bad = await t.post(
      IMPORT,
      {
        FileName: 'rates.csv',
        ContentBase64: csv(
          'Currency,Month,Rate\nEUR,2026-01,1.09\nEUR,2026-02,0\nXYZ,2026-02,1\nGBP,2026-13,1.2\nGBP,2026-01,abc\nEUR,2026-01,1.1\n',
        ),
      },
      admin,
    );
    expect(bad.status, bad.text).toBe(200);
    expect(bad.body.Result).toEqual({
      Rows: 6,
      Saved: 0,
      Errors: [
        { Row: 3, Message: 'Row 3: Rate must be more than 0.' },
        { Row: 4, Message: 'Row 4: XYZ is not a currency Plansmith supports.' },
        { Row: 5, Message: 'Row 5: Month must be in the form YYYY-MM (not “2026-13”).' },
        { Row: 6, Message: 'Row 6: Rate must be a number.' },
        { Row: 7, Message: 'Row 7: EUR 2026-01 is given twice (also row 2).' },
      ],
    });
    expect(await snapshotTenant(t.database, tenant.id)).toEqual(before);
  });

  it('checks without saving on a DryRun, then saves and reconverts (columns in any order and case, semicolons, a BOM)', async () => {
    const tenant = await createTenant(t);
    const admin = await tenant.tokenFor('admin');
    const { expense } = await eurFixture(tenant, admin);
    const file = csv('\uFEFFrate;CURRENCY;Month\n1.1;eur;2026-03\n\n0.86;GBP;2026-03-01\n');
    const dry = await t.post(IMPORT, { FileName: 'rates.csv', ContentBase64: file, DryRun: true }, admin);
    expect(dry.body.Result).toEqual({ Rows: 2, Saved: 0, Errors: [] });
    expect((await expenseRow(tenant, expense.id))?.cents).toBe('2164');
    const saved = await t.post(IMPORT, { FileName: 'rates.csv', ContentBase64: file }, admin);
    expect(saved.body.Result).toEqual({ Rows: 2, Saved: 2, Errors: [] });
    // €19.99 × 1.1 = $21.989 → $21.99 (an import replaces a rate without a Version: it is the whole table as the file says)
    expect((await expenseRow(tenant, expense.id))?.cents).toBe('2199');
    const rates = (await t.post(GET, { Year: 2026 }, admin)).body.Result.Rates;
    expect(rates.map((rate: { Currency: string; Month: string; Rate: number }) => `${rate.Currency} ${rate.Month} ${rate.Rate}`)).toEqual([
      'EUR 2026-02 1.08',
      'EUR 2026-03 1.1',
      'GBP 2026-03 0.86',
    ]);
  });

  it('names a row whose month is closed with expenses in its currency, and saves none of the file', async () => {
    const tenant = await createTenant(t);
    const admin = await tenant.tokenFor('admin');
    const { plan } = await eurFixture(tenant, admin);
    await t.database.queryRows("INSERT INTO plan_periods (tenant_id, marketing_plan_id, month, unspent) VALUES ($1, $2, '2026-03-01', 1)", [
      tenant.id,
      plan.id,
    ]);
    const before = await snapshotTenant(t.database, tenant.id);
    const refused = await t.post(
      IMPORT,
      { FileName: 'rates.csv', ContentBase64: csv('Currency,Month,Rate\nGBP,2026-03,0.86\nEUR,2026-03,1.2\n') },
      admin,
    );
    expect(refused.body.Result.Saved).toBe(0);
    expect(refused.body.Result.Errors).toEqual([{ Row: 3, Message: expect.stringMatching(/^Row 3: March 2026 is closed in “/) }]);
    expect(await snapshotTenant(t.database, tenant.id)).toEqual(before);
  });

  it('refuses a file without the three columns (400 naming ContentBase64)', async () => {
    const tenant = await createTenant(t);
    const refused = await t.post(
      IMPORT,
      { FileName: 'rates.csv', ContentBase64: csv('Code,Month,Value\nEUR,2026-03,1.1\n') },
      await tenant.tokenFor('owner'),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.Message).toBe('“rates.csv” needs the columns Currency, Month and Rate in its first row.');
    expect(refused.body.Errors[0].Field).toBe('ContentBase64');
  });
});
