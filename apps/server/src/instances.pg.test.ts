// Runs only in the PostgreSQL pass (vitest.config.ts): several app instances on one database, as
// behind a load balancer (issue 12). The shared failed-sign-in limit is in
// modules/identity/login-limiter.pg.test.ts.
import { EMPTY_ID, toCents } from '@plansmith/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../test/factories.ts';
import { type PgProxy, startPgProxy } from '../test/pg-proxy.ts';
import { requirePostgres } from '../test/pg-race.ts';
import { createPlanWithItem } from '../test/planning-factories.ts';
import { createSecondInstance, createTestApp, type TestApp } from '../test/test-app.ts';
import { expenses } from './schema/expenses.ts';
import { eq } from 'drizzle-orm';

const EXPENSES = 40;
const REPORT = '/api/ReportingClient/BudgetCategoriesReport';

type Instance = Pick<TestApp, 'post' | 'get' | 'close'>;

let first: TestApp;
let second: Instance;
let proxy: PgProxy;
let tenant: TestTenant;

beforeAll(async () => {
  first = await createTestApp();
  proxy = await startPgProxy(requirePostgres(first));
  // The second instance reaches the database through a proxy the outage test can cut.
  second = await createSecondInstance(first, { databaseUrl: proxy.url });
  tenant = await createTenant(first);
});
afterAll(async () => {
  await second.close();
  await proxy.close();
  await first.close();
});

/** Amounts with every kind of cents, so a lost or doubled write shows in the total. */
const amountOf = (index: number) => ((index * 7919) % 100_000) / 100 + 0.01;

describe('two instances on one PostgreSQL database', () => {
  it('keep every acknowledged write of concurrent expenses, and both report the same totals to the cent', async () => {
    const { plan, item } = await createPlanWithItem(first, tenant);
    const token = await tenant.tokenFor('owner');
    const instances = [first, second];
    const responses = await Promise.all(
      Array.from({ length: EXPENSES }, (_, index) =>
        (instances[index % 2] as Instance).post(
          '/api/ExpenseClient/Save',
          {
            Id: EMPTY_ID,
            MarketingPlanId: plan.id,
            BudgetItemId: item.id,
            Name: `Concurrent ${index}`,
            PurchaseDate: '2026-03-01',
            Amount: amountOf(index),
            Status: 3,
            CategoryType: 1,
          },
          token,
        ),
      ),
    );
    const acknowledged = responses.filter((response) => response.status === 200).map((response) => response.body.Result);
    expect(responses.map((response) => response.status)).toEqual(Array(EXPENSES).fill(200));

    const stored = await first.ctx.db
      .select({ id: expenses.id, cents: expenses.amountCents })
      .from(expenses)
      .where(eq(expenses.marketingPlanId, plan.id));
    const storedCents = new Map(stored.map((row) => [row.id, Number(row.cents)]));
    expect(stored).toHaveLength(acknowledged.length);
    for (const expense of acknowledged) expect(storedCents.get(expense.Id), expense.Name).toBe(toCents(expense.Amount));

    const expectedCents = Array.from({ length: EXPENSES }, (_, index) => toCents(amountOf(index))).reduce((sum, cents) => sum + cents, 0);
    for (const instance of instances) {
      const report = await instance.post(REPORT, { MarketingPlanId: plan.id }, token);
      expect(report.status, report.text).toBe(200);
      expect(toCents(report.body.Result.Totals.Actual)).toBe(expectedCents);
    }
  });

  it('answer 503 with Retry-After while their database is unreachable, write nothing, and recover without a restart', async () => {
    const { plan, item } = await createPlanWithItem(first, tenant);
    const token = await tenant.tokenFor('owner');
    const expense = {
      Id: EMPTY_ID,
      MarketingPlanId: plan.id,
      BudgetItemId: item.id,
      Name: 'During the outage',
      PurchaseDate: '2026-03-01',
      Amount: 12.34,
      Status: 3,
      CategoryType: 1,
    };
    expect((await second.post(REPORT, { MarketingPlanId: plan.id }, token)).status).toBe(200);

    await proxy.cut();
    try {
      for (const response of [
        await second.post(REPORT, { MarketingPlanId: plan.id }, token),
        await second.post('/api/ExpenseClient/Save', expense, token),
      ]) {
        expect(response.status, response.text).toBe(503);
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
        expect(response.body.Message).toMatch(/cannot reach its database/);
      }
      expect((await second.get('/readyz')).status).toBe(503);
      // The instance whose database is reachable carries on.
      expect((await first.post(REPORT, { MarketingPlanId: plan.id }, token)).status).toBe(200);
    } finally {
      await proxy.restore();
    }

    expect((await second.get('/readyz')).status).toBe(200);
    const saved = await second.post('/api/ExpenseClient/Save', expense, token);
    expect(saved.status, saved.text).toBe(200);
    const rows = await first.ctx.db.select({ name: expenses.name }).from(expenses).where(eq(expenses.marketingPlanId, plan.id));
    expect(rows.map((row) => row.name)).toEqual(['During the outage']);
  });
});
