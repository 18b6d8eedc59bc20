import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { mailSince, outboxMark, recipientsOf } from '../../../test/outbox.ts';
import { createPlanWithItem } from '../../../test/planning-factories.ts';
import { createSecondInstance, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { digestRuns, overspendAlerts } from '../../schema/notifications.ts';

// PostgreSQL only (run in the PostgreSQL pass): two app instances on one database, as behind a balancer.
let t: TestApp;
let second: Awaited<ReturnType<typeof createSecondInstance>>;

beforeAll(async () => {
  t = await createTestApp();
  second = await createSecondInstance(t);
});
afterAll(async () => {
  await second.close();
  await t.close();
});

/** A third connection that holds a row lock on a budget item until released. */
const holdItemLock = async (itemId: string) => {
  const [row] = await t.database.queryRows<{ name: string }>('SELECT current_database() AS name');
  const url = new URL(process.env.TEST_DATABASE_URL ?? '');
  url.pathname = `/${row?.name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  await client.query('BEGIN');
  await client.query('SELECT id FROM budget_items WHERE id = $1 FOR NO KEY UPDATE', [itemId]);
  const waiting = async () =>
    Number(
      (await client.query("SELECT count(*) AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()"))
        .rows[0].n,
    );
  return {
    /** Resolves once `count` other transactions wait for a lock. */
    untilWaiting: async (count: number) => {
      for (let tries = 0; tries < 200 && (await waiting()) < count; tries += 1) await new Promise((r) => setTimeout(r, 25));
      return waiting();
    },
    release: async () => {
      await client.query('COMMIT');
      await client.end();
    },
  };
};

describe('once-only on PostgreSQL with two instances', () => {
  it('two expense saves that cross the same item at the same moment alert once', async () => {
    const acme: TestTenant = await createTenant(t, { name: 'Acme' });
    const { plan, item } = await createPlanWithItem(t, acme, 100_000);
    const [memberToken, adminToken] = [await acme.tokenFor('member'), await acme.tokenFor('admin')];
    const body = (name: string) => ({
      MarketingPlanId: plan.id,
      BudgetItemId: item.id,
      Name: name,
      PurchaseDate: '2026-03-02',
      Amount: 800,
      CategoryType: 1,
    });
    const mark = await outboxMark(t);
    // Both saves write their expense, then meet at the item: each alone sees only its own $800.
    const lock = await holdItemLock(item.id);
    const saves = Promise.all([
      t.post('/api/ExpenseClient/Save', body('From instance one'), memberToken),
      second.post('/api/ExpenseClient/Save', body('From instance two'), adminToken),
    ]);
    expect(await lock.untilWaiting(2)).toBe(2);
    await lock.release();
    const [a, b] = await saves;
    expect([a.status, b.status]).toEqual([200, 200]);
    // Each save alone stays under $1,000; together they cross once: one alert to each Lead and to the author of the crossing save.
    const mails = await mailSince(t, mark, 'overspend');
    expect(mails.length).toBeGreaterThan(0);
    expect(new Set(mails.map((row) => row.subject)).size).toBe(1);
    expect(recipientsOf(mails).filter((address) => address === acme.users.owner.email)).toHaveLength(1);
    expect(recipientsOf(mails).filter((address) => address === acme.users.admin.email)).toHaveLength(1);
    expect(await t.ctx.db.select().from(overspendAlerts).where(eq(overspendAlerts.tenantId, acme.id))).toHaveLength(1);
  });

  it('two instances ticking the weekly digest at the same moment send it once', async () => {
    const globex = await createTenant(t, { name: 'Globex' });
    await createPlanWithItem(t, globex);
    const token = await globex.tokenFor('owner');
    const settings = (await t.post('/api/UserProfileClient/GetNotificationSettings', {}, token)).body.Result;
    await t.post('/api/UserProfileClient/SaveNotificationSettings', { ...settings, WeeklySummary: true }, token);
    t.clock.set(new Date('2026-03-09T08:00:00Z')); // Monday 08:00 UTC, the default time zone
    const mark = await outboxMark(t);
    await Promise.all([t.app.digestScheduler.tick(), second.app.digestScheduler.tick(), t.app.digestScheduler.tick()]);
    const mails = (await mailSince(t, mark, 'digest')).filter((row) => row.tenantId === globex.id);
    // The Owner asked for it; the Admin, a Lead of the team, has it by default: each gets one.
    expect(recipientsOf(mails)).toEqual([globex.users.admin.email, globex.users.owner.email].sort());
    expect(await t.ctx.db.select().from(digestRuns).where(eq(digestRuns.tenantId, globex.id))).toHaveLength(1);
  });
});
