// Issue 34 / DESIGN.md §17: migration 1070 keeps every row's base amount (`amount_cents`, the column
// every sum, report and trigger reads) equal to its own amount converted to the tenant's base
// currency. These tests write rows straight through SQL, the way every writer (a form, an import, a
// bulk edit, a reallocation) reaches the table, and compare with hand-computed figures.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { createCategory, createExpenseRow, createItem, createPlan, insertRate, itemBaseCents } from '../../../test/planning-factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let tenant: TestTenant;
let planId: string;
let categoryId: string;

const rate = (currency: string, month: string, value: string) => insertRate(t, tenant.id, currency, month, value);

const expenseBase = async (id: string) =>
  (
    await t.database.queryRows<{ cents: string; currency: string | null; minor: string | null }>(
      'SELECT amount_cents::text AS cents, currency, amount_minor::text AS minor FROM expenses WHERE tenant_id = $1 AND id = $2',
      [tenant.id, id],
    )
  )[0];

const itemBase = (id: string) => itemBaseCents(t, tenant.id, id);

/** The Postgres error a write ran into (code and message), or null when it succeeded. */
const failure = async (write: () => Promise<unknown>) => {
  try {
    await write();
    return null;
  } catch (error) {
    let found: unknown = error;
    while (found && typeof found === 'object' && !('code' in found) && 'cause' in found) found = (found as { cause: unknown }).cause;
    const { code, message } = (found ?? {}) as { code?: string; message?: string };
    return { code, message };
  }
};

beforeAll(async () => {
  t = await createTestApp();
  tenant = await createTenant(t);
  const plan = await createPlan(t, tenant);
  planId = plan.id;
  categoryId = (await createCategory(t, tenant)).id;
  await t.database.queryRows("UPDATE marketing_plans SET budget_rate_month = '2026-03-01' WHERE tenant_id = $1 AND id = $2", [
    tenant.id,
    planId,
  ]);
  await rate('EUR', '2026-02', '1.08');
  await rate('EUR', '2026-03', '1.0825');
  await rate('JPY', '2026-03', '0.0067');
  await rate('KWD', '2026-03', '3.25');
});
afterAll(async () => t.close());

describe('an expense in another currency', () => {
  it('is converted at its purchase month’s rate, half a cent away from zero', async () => {
    const item = await createItem(t, tenant, { planId, categoryId, amountCents: 100_000 });
    // €19.99 × 1.0825 = $21.639175 → $21.64; in February at 1.08: $21.5892 → $21.59
    const march = await createExpenseRow(t, tenant, { planId, itemId: item.id, amountCents: 0, currency: 'EUR', amountMinor: 1999 });
    const feb = await createExpenseRow(t, tenant, {
      planId,
      itemId: item.id,
      amountCents: 0,
      currency: 'EUR',
      amountMinor: 1999,
      purchaseDate: '2026-02-28',
    });
    expect(await expenseBase(march.id)).toEqual({ cents: '2164', currency: 'EUR', minor: '1999' });
    expect((await expenseBase(feb.id))?.cents).toBe('2159');
    // ¥1,234 × 0.0067 = $8.2678 → $8.27; KWD 1.005 × 3.25 = $3.26625 → $3.27
    const yen = await createExpenseRow(t, tenant, { planId, itemId: item.id, amountCents: 0, currency: 'JPY', amountMinor: 1234 });
    const dinar = await createExpenseRow(t, tenant, { planId, itemId: item.id, amountCents: 0, currency: 'KWD', amountMinor: 1005 });
    expect((await expenseBase(yen.id))?.cents).toBe('827');
    expect((await expenseBase(dinar.id))?.cents).toBe('327');
  });

  it('needs its purchase month’s own rate: a missing one is PSF01 naming the currency and month', async () => {
    const item = await createItem(t, tenant, { planId, categoryId, amountCents: 100_000 });
    const error = await failure(() =>
      createExpenseRow(t, tenant, {
        planId,
        itemId: item.id,
        amountCents: 0,
        currency: 'EUR',
        amountMinor: 100,
        purchaseDate: '2026-04-01',
      }),
    );
    expect(error).toEqual({
      code: 'PSF01',
      message: 'There is no EUR rate for April 2026: an Admin enters it under Account › Currencies.',
    });
  });

  it('follows a change of its own amount or date, and refuses a base amount written on its own (PSF02)', async () => {
    const item = await createItem(t, tenant, { planId, categoryId, amountCents: 100_000 });
    const row = await createExpenseRow(t, tenant, { planId, itemId: item.id, amountCents: 0, currency: 'EUR', amountMinor: 10_000 });
    await t.database.queryRows("UPDATE expenses SET purchase_date = '2026-02-10' WHERE tenant_id = $1 AND id = $2", [tenant.id, row.id]);
    expect((await expenseBase(row.id))?.cents).toBe('10800');
    await t.database.queryRows('UPDATE expenses SET amount_minor = 20000 WHERE tenant_id = $1 AND id = $2', [tenant.id, row.id]);
    expect((await expenseBase(row.id))?.cents).toBe('21600');
    const error = await failure(() =>
      t.database.queryRows('UPDATE expenses SET amount_cents = 1 WHERE tenant_id = $1 AND id = $2', [tenant.id, row.id]),
    );
    expect(error?.code).toBe('PSF02');
    expect((await expenseBase(row.id))?.cents).toBe('21600');
  });

  it('given in the base currency is stored as a base row', async () => {
    const item = await createItem(t, tenant, { planId, categoryId, amountCents: 100_000 });
    const row = await createExpenseRow(t, tenant, { planId, itemId: item.id, amountCents: 0, currency: 'USD', amountMinor: 1999 });
    expect(await expenseBase(row.id)).toEqual({ cents: '1999', currency: null, minor: null });
  });

  it('counts in expense_sums with its base amount', async () => {
    const item = await createItem(t, tenant, { planId, categoryId, amountCents: 100_000 });
    await createExpenseRow(t, tenant, { planId, itemId: item.id, amountCents: 0, currency: 'EUR', amountMinor: 1999 });
    await createExpenseRow(t, tenant, { planId, itemId: item.id, amountCents: 1999 });
    const [sum] = await t.database.queryRows<{ cents: string }>(
      'SELECT sum(amount_cents)::text AS cents FROM expense_sums WHERE tenant_id = $1 AND budget_item_id = $2',
      [tenant.id, item.id],
    );
    expect(sum?.cents).toBe(String(2164 + 1999));
  });
});

describe('a budget in another currency', () => {
  it('is converted at the plan’s budget rate; a month without a rate uses the latest before it', async () => {
    const item = await createItem(t, tenant, { planId, categoryId, amountCents: 0, currency: 'EUR', amountMinor: 1999 });
    expect(await itemBase(item.id)).toBe('2164');
    await t.database.queryRows('SELECT plansmith_set_budget_rate_month($1, $2, $3)', [tenant.id, planId, '2026-07-01']);
    expect(await itemBase(item.id)).toBe('2164');
    await t.database.queryRows('SELECT plansmith_set_budget_rate_month($1, $2, $3)', [tenant.id, planId, '2026-02-01']);
    expect(await itemBase(item.id)).toBe('2159');
    await t.database.queryRows('SELECT plansmith_set_budget_rate_month($1, $2, $3)', [tenant.id, planId, '2026-03-01']);
    const early = await failure(() =>
      t.database.queryRows('SELECT plansmith_set_budget_rate_month($1, $2, $3)', [tenant.id, planId, '2026-01-01']),
    );
    expect(early).toEqual({
      code: 'PSF01',
      message: 'There is no EUR rate for January 2026: an Admin enters it under Account › Currencies.',
    });
  });

  it('when phased, is the sum of its months’ converted amounts, each rounded', async () => {
    // €0.10 × 1.0825 = $0.10825 → $0.11, three times: $0.33 (the total €0.30 would be $0.32475 → $0.32)
    const item = await createItem(t, tenant, {
      planId,
      categoryId,
      amountCents: 0,
      currency: 'EUR',
      amountMinor: 30,
      months: { '2026-03': 10, '2026-04': 10, '2026-05': 10 },
    });
    expect(await itemBase(item.id)).toBe('33');
    await t.database.queryRows("DELETE FROM budget_item_months WHERE tenant_id = $1 AND budget_item_id = $2 AND month = '2026-05-01'", [
      tenant.id,
      item.id,
    ]);
    expect(await itemBase(item.id)).toBe('22');
  });

  it('is reconverted at a new budget rate even in a closed month, whose own amounts stay closed', async () => {
    const plan = await createPlan(t, tenant);
    await t.database.queryRows("UPDATE marketing_plans SET budget_rate_month = '2026-03-01' WHERE tenant_id = $1 AND id = $2", [
      tenant.id,
      plan.id,
    ]);
    const item = await createItem(t, tenant, {
      planId: plan.id,
      categoryId,
      amountCents: 0,
      currency: 'EUR',
      amountMinor: 10_000,
      months: { '2026-01': 10_000 },
    });
    await t.database.queryRows("INSERT INTO plan_periods (tenant_id, marketing_plan_id, month, unspent) VALUES ($1, $2, '2026-01-01', 1)", [
      tenant.id,
      plan.id,
    ]);
    expect(await itemBase(item.id)).toBe('10825');
    await t.database.queryRows('SELECT plansmith_set_budget_rate_month($1, $2, $3)', [tenant.id, plan.id, '2026-02-01']);
    expect(await itemBase(item.id)).toBe('10800');
    const closed = await failure(() =>
      t.database.queryRows('UPDATE budget_item_months SET amount_minor = 1 WHERE tenant_id = $1 AND budget_item_id = $2', [
        tenant.id,
        item.id,
      ]),
    );
    expect(closed?.code).toBe('PSC01');
  });
});

describe('the database’s minor units', () => {
  it('are the contract’s for every code it accepts', async () => {
    const { CURRENCIES, CURRENCY_CODES } = await import('@plansmith/contract/currency-codes');
    const rows = await t.database.queryRows<{ code: string; digits: number }>(
      'SELECT code, plansmith_currency_digits(code) AS digits FROM unnest($1::text[]) AS code',
      [CURRENCY_CODES],
    );
    expect(Object.fromEntries(rows.map((row) => [row.code, row.digits]))).toEqual(
      Object.fromEntries(CURRENCY_CODES.map((code) => [code, CURRENCIES[code].digits])),
    );
  });
});
