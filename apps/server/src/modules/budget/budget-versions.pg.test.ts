import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { holdTableLock, requirePostgres, waitForLockWaiters } from '../../../test/pg-race.ts';
import { createCategory, createItem, createPlan } from '../../../test/planning-factories.ts';
import { createTestApp, createTestClock, type TestApp } from '../../../test/test-app.ts';
import { budgetItemMonths } from '../../schema/budget.ts';

const SAVE_MONTHS = '/api/BudgetItemClient/SaveMonths';
const SET_MONTH = '/api/BudgetItemClient/SetMonth';

let t: TestApp;
let tenant: TestTenant;

beforeAll(async () => {
  t = await createTestApp({ clock: createTestClock(new Date('2026-03-15T12:00:00Z')) });
  requirePostgres(t);
  tenant = await createTenant(t, { name: 'Race' });
});
afterAll(async () => t.close());

const cellsOf = async (itemId: string) =>
  Object.fromEntries(
    (await t.ctx.db.select().from(budgetItemMonths).where(eq(budgetItemMonths.budgetItemId, itemId))).map((row) => [
      row.month.slice(0, 7),
      row.amountCents,
    ]),
  );

describe('a pasted block and a typed cell of the same item at the same time (PostgreSQL race)', () => {
  it('both start from the same versions: exactly one wins, the other is 409, and the cells are the winner’s', async () => {
    const plan = await createPlan(t, tenant, { startDate: '2026-01-01', endDate: '2026-06-30' });
    const category = await createCategory(t, tenant);
    const item = await createItem(t, tenant, {
      planId: plan.id,
      categoryId: category.id,
      amountCents: 30_000,
      months: { '2026-03': 10_000, '2026-04': 10_000, '2026-05': 10_000 },
    });
    const read = [
      { Month: '2026-03', Version: 1 },
      { Month: '2026-04', Version: 1 },
      { Month: '2026-05', Version: 1 },
    ];
    const paste = {
      MarketingPlanId: plan.id,
      Items: [
        {
          BudgetItemId: item.id,
          Amount: 450,
          Version: 1,
          Cells: read,
          Months: [
            { Month: '2026-03', Amount: 150 },
            { Month: '2026-04', Amount: 150 },
            { Month: '2026-05', Amount: 150 },
          ],
        },
      ],
    };
    const typed = { BudgetItemId: item.id, Month: '2026-04', Amount: 999, YearTotal: null, Version: 1 };

    // Both writers stop at the item's row lock (FOR UPDATE waits on EXCLUSIVE) and are let go together.
    const lock = await holdTableLock(t, 'budget_items', 'EXCLUSIVE');
    const pending = [t.post(SAVE_MONTHS, paste, await tenant.tokenFor('admin')), t.post(SET_MONTH, typed, await tenant.tokenFor('member'))];
    await waitForLockWaiters(t, 2);
    await lock.release();
    const [pasted, set] = await Promise.all(pending);

    expect([pasted?.status, set?.status].sort()).toEqual([200, 409]);
    const cells = await cellsOf(item.id);
    if (pasted?.status === 200) {
      expect(cells).toEqual({ '2026-03': 15_000, '2026-04': 15_000, '2026-05': 15_000 });
      expect(set?.body.Conflict).toMatchObject({ Entity: 'BudgetItemMonth', Id: `${item.id}/2026-04`, Version: 2 });
    } else {
      expect(cells).toEqual({ '2026-03': 10_000, '2026-04': 99_900, '2026-05': 10_000 });
      expect(pasted?.body.Conflict).toMatchObject({ Entity: 'BudgetItemMonth', Id: `${item.id}/2026-04`, Version: 2 });
      expect(pasted?.body.Result).toEqual([expect.objectContaining({ Id: item.id, Amount: 1199 })]);
    }
  });
});
