// Two imports into one plan at the same moment, on PostgreSQL where their transactions really run side
// by side. Each writes its rows in chunks of 1,000, and the expense sums' triggers (migration 1000)
// lock the item/month keys each chunk adds to: two files walking the months in opposite orders could
// each hold a key the other needs. Commits of one plan take turns (imports.service.ts), so both land,
// and the kept sums equal a recount of the expenses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMIT, previewBody, setup } from '../../../test/imports-fixture.ts';
import { requirePostgres } from '../../../test/pg-race.ts';
import { createTestApp, createTestClock, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock: createTestClock(new Date('2026-12-15T12:00:00Z')) });
  requirePostgres(t);
});
afterAll(async () => t.close());

const ROWS = 2_400;

/**
 * ROWS expenses alternating the two items, 200 a month, January to December or December to January:
 * the first chunk of one file adds to the months the other file's last chunk does.
 */
const csvOf = (backwards: boolean, label: string) => {
  const lines = ['Purchase Date,Vendor,Cost,Item,Status,Notes'];
  for (let row = 0; row < ROWS; row += 1) {
    const block = Math.floor(row / (ROWS / 12));
    const month = backwards ? 12 - block : block + 1;
    const item = row % 2 === 0 ? 'Paid search' : 'Events';
    lines.push(`2026-${String(month).padStart(2, '0')}-10,${label} ${row},1.01,${item},Actual,${label}`);
  }
  return lines.join('\n');
};

describe('two imports into one plan at once (PostgreSQL)', () => {
  it('both commit, every row is there once, and the kept sums equal a recount', async () => {
    const { plan, token } = await setup(t);
    const [forwards, backwards] = await Promise.all([
      t.post(COMMIT, { ...previewBody(plan.id, csvOf(false, 'Forwards')), FileName: 'forwards.csv' }, token),
      t.post(COMMIT, { ...previewBody(plan.id, csvOf(true, 'Backwards')), FileName: 'backwards.csv' }, token),
    ]);
    expect([forwards.status, backwards.status]).toEqual([200, 200]);
    expect([forwards.body.Result.Created, backwards.body.Result.Created]).toEqual([ROWS, ROWS]);

    const [counted] = await t.database.queryRows<{ n: string }>('SELECT count(*) AS n FROM expenses WHERE marketing_plan_id = $1', [
      plan.id,
    ]);
    // Both files' rows, and the plan's one expense from before.
    expect(Number(counted?.n)).toBe(2 * ROWS + 1);
    const mismatches = await t.database.queryRows(
      `WITH recount AS (
         SELECT budget_item_id, date_trunc('month', purchase_date)::date AS month, status, sum(amount_cents) AS cents
         FROM expenses WHERE marketing_plan_id = $1 AND active GROUP BY 1, 2, 3),
       kept AS (SELECT budget_item_id, month, status, amount_cents AS cents FROM expense_sums WHERE marketing_plan_id = $1)
       SELECT * FROM recount FULL JOIN kept USING (budget_item_id, month, status)
       WHERE recount.cents IS DISTINCT FROM kept.cents`,
      [plan.id],
    );
    expect(mismatches).toEqual([]);
  });
});
