// Runs only in the PostgreSQL pass (vitest.config.ts): several app instances on one database, as
// behind a load balancer (issue 12). The shared failed-sign-in limit is in
// modules/identity/login-limiter.pg.test.ts.
import { EMPTY_ID, toCents } from '@plansmith/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTenant, login, type TestTenant } from '../test/factories.ts';
import { type PgProxy, startPgProxy } from '../test/pg-proxy.ts';
import { requirePostgres } from '../test/pg-race.ts';
import { createPlanWithItem } from '../test/planning-factories.ts';
import { createSecondInstance, createTestApp, type TestApp } from '../test/test-app.ts';
import { expenses } from './schema/expenses.ts';
import { tenants } from './schema/tenants.ts';
import { eq } from 'drizzle-orm';

const EXPENSES = 40;
const REPORT = '/api/ReportingClient/BudgetCategoriesReport';
const VALID = '/api/identity/token/valid';

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

const bothInstances = (): Instance[] => [first, second];

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

  it('end a session everywhere: a logout on one drops the caller the other held, by the database’s notice', async () => {
    const session = await login(first, tenant.users.member.email);
    // Both have answered for this caller, so both hold it (db/tenant-row-cache.ts).
    for (const instance of bothInstances()) expect((await instance.get(VALID, session.AccessToken)).status).toBe(200);
    expect((await first.post('/api/identity/token/logout', {}, session.AccessToken)).status).toBe(200);
    expect((await first.get(VALID, session.AccessToken)).status).toBe(401);
    // The other instance learns it from PostgreSQL's notice, which takes a moment to arrive.
    await vi.waitFor(async () => expect((await second.get(VALID, session.AccessToken)).status).toBe(401));
  });

  it('take a plan change made on one into account on the other', async () => {
    const token = await tenant.tokenFor('owner');
    const readPlan = async (instance: Instance) => (await instance.get('/api/TenantClient/Get', token)).body.Result.PlanCode;
    expect(await readPlan(second)).toBe('performance');
    await first.ctx.db.update(tenants).set({ planCode: 'agility' }).where(eq(tenants.id, tenant.id));
    try {
      await vi.waitFor(async () => expect(await readPlan(second)).toBe('agility'));
    } finally {
      await first.ctx.db.update(tenants).set({ planCode: 'performance' }).where(eq(tenants.id, tenant.id));
    }
    await vi.waitFor(async () => expect(await readPlan(second)).toBe('performance'));
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
    expect((await second.get('/api/TenantClient/Get', token)).status).toBe(200);

    await proxy.cut();
    try {
      // Nothing is answered from memory while the database's notices cannot arrive: the caller and
      // the tenant, both held a moment ago, are read again and the read fails.
      await vi.waitFor(async () => expect((await second.get('/api/TenantClient/Get', token)).status).toBe(503));
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
