// Issue 34 on PostgreSQL, where transactions really run side by side: an expense recorded while its
// month's rate changes ends with the NEW rate's base amount (migration 1072: the conversion reads the
// rate row FOR SHARE). Each race is made certain: the second transaction is seen waiting on the
// first's lock before the first commits (without the lock it does not wait, and the test fails).
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { requirePostgres, waitForLockWaiters } from '../../../test/pg-race.ts';
import { createPlanWithItem } from '../../../test/planning-factories.ts';
import { createTestApp, createTestClock, type TestApp } from '../../../test/test-app.ts';
import { newId } from '../../lib/ids.ts';

const SAVE = '/api/CurrencyClient/SaveRates';

let t: TestApp;
let tenant: TestTenant;
let admin: string;
let plan: { id: string };
let item: { id: string };

beforeAll(async () => {
  t = await createTestApp({ clock: createTestClock(new Date('2026-11-27T12:00:00Z')) });
  requirePostgres(t);
  tenant = await createTenant(t, { name: 'Rate race' });
  admin = await tenant.tokenFor('admin');
  ({ plan, item } = await createPlanWithItem(t, tenant));
});
afterAll(async () => t.close());

const connect = async () => {
  const client = new pg.Client({ connectionString: requirePostgres(t) });
  await client.connect();
  return client;
};

const saveRate = async (month: string, rate: number, version?: number) => {
  const saved = await t.post(SAVE, { Rates: [{ Currency: 'EUR', Month: month, Rate: rate, Version: version ?? null }] }, admin);
  expect(saved.status, saved.text).toBe(200);
};

/** Inserts a €19.99 expense bought on `purchaseDate` in `client`'s open transaction; answers its id. */
const insertEurExpense = async (client: pg.Client, purchaseDate: string) => {
  const id = newId();
  await client.query(
    `INSERT INTO expenses (tenant_id, id, marketing_plan_id, budget_item_id, name, purchase_date, amount_cents, status, category_type, currency, amount_minor)
     VALUES ($1, $2, $3, $4, 'Race', $5, 0, 3, 1, 'EUR', 1999)`,
    [tenant.id, id, plan.id, item.id, purchaseDate],
  );
  return id;
};

const baseCents = async (id: string) =>
  (
    await t.database.queryRows<{ cents: string }>('SELECT amount_cents::text AS cents FROM expenses WHERE tenant_id = $1 AND id = $2', [
      tenant.id,
      id,
    ])
  )[0]?.cents;

describe('an expense recorded while its month’s rate changes (PostgreSQL)', () => {
  it('SaveRates during an insert in flight waits for it and reconverts it: €19.99 × 1.2000 = $23.99, not × 1.0825 = $21.64', async () => {
    await saveRate('2026-03', 1.0825);
    const client = await connect();
    try {
      await client.query('BEGIN');
      const id = await insertEurExpense(client, '2026-03-31');
      // The insert converted at the rate it saw: 1999 × 1.0825 = 2163.92 → 2164.
      expect((await client.query('SELECT amount_cents::text AS cents FROM expenses WHERE id = $1', [id])).rows[0].cents).toBe('2164');
      const saving = saveRate('2026-03', 1.2, 1);
      await waitForLockWaiters(t, 1);
      await client.query('COMMIT');
      await saving;
      // 1999 × 1.2 = 2398.8 → 2399.
      expect(await baseCents(id)).toBe('2399');
    } finally {
      await client.end();
    }
  });

  it('an insert during a rate change in flight waits for it and converts at the new rate: €19.99 × 0.9000 = $17.99', async () => {
    await saveRate('2026-04', 1.1);
    const [rates, expense] = await Promise.all([connect(), connect()]);
    try {
      // What SaveRates does in its transaction: lock the rate row, change it, reconvert the month.
      await rates.query('BEGIN');
      await rates.query(`SELECT 1 FROM fx_rates WHERE tenant_id = $1 AND currency = 'EUR' AND month = '2026-04-01' FOR UPDATE`, [
        tenant.id,
      ]);
      await rates.query(`UPDATE fx_rates SET rate = 0.9 WHERE tenant_id = $1 AND currency = 'EUR' AND month = '2026-04-01'`, [tenant.id]);
      await rates.query(
        `UPDATE expenses SET amount_minor = amount_minor WHERE tenant_id = $1 AND currency = 'EUR' AND purchase_date >= '2026-04-01' AND purchase_date < '2026-05-01'`,
        [tenant.id],
      );
      await expense.query('BEGIN');
      const inserting = (async () => {
        const id = await insertEurExpense(expense, '2026-04-01');
        await expense.query('COMMIT');
        return id;
      })();
      await waitForLockWaiters(t, 1);
      await rates.query('COMMIT');
      const id = await inserting;
      // 1999 × 0.9 = 1799.1 → 1799 (the old rate gave 1999 × 1.1 = 2198.9 → 2199).
      expect(await baseCents(id)).toBe('1799');
    } finally {
      await Promise.all([rates.end(), expense.end()]);
    }
  });
});
