import type { Db } from '../db/client.ts';
import { expenses } from '../schema/expenses.ts';
import { DEMO, DEMO_CATEGORIES, DEMO_GL_CODES, DEMO_OTHER_PLANS } from './demo-ids.ts';

const tenantId = DEMO.tenantId;
const plan = DEMO_OTHER_PLANS.archived;
/** Fixed ids of this part: 6b1f3c2e-0d4a-4f7e-9a5f-<n>, so reseeding finds the same rows. */
const seedId = (n: number): string => `6b1f3c2e-0d4a-4f7e-9a5f-${n.toString(16).padStart(12, '0')}`;
const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * Last year's actuals (the archived 2025 plan): one paid expense per item and month at 85–100 % of
 * its even monthly share, so a report compared with the prior year (DESIGN.md §16, issue 33's "how
 * much did EMEA spend on events per quarter, against last year?") has a year to compare with.
 * Deterministic amounts and ids; idempotent.
 */
export const buildLastYearExpenses = (): (typeof expenses.$inferInsert)[] =>
  plan.items.flatMap((item, itemIndex) =>
    item.months.map((month, monthIndex) => {
      const share = Math.floor(item.amountCents / item.months.length);
      const percent = 85 + ((itemIndex * 7 + month * 5) % 16);
      const amountCents = Math.round((share * percent) / 100 / 100) * 100 + ((itemIndex + month) % 9) * 11;
      const mm = String(month).padStart(2, '0');
      const purchaseDate = `2025-${mm}-${String(5 + ((itemIndex * 3 + month) % 20)).padStart(2, '0')}`;
      const createdAt = new Date(`${purchaseDate}T15:00:00Z`);
      return {
        tenantId,
        id: seedId(itemIndex * 12 + monthIndex + 1),
        marketingPlanId: plan.id,
        budgetItemId: item.id,
        generalLedgerCodeId: DEMO_GL_CODES[item.glCode].id,
        name: `${item.name} — ${MONTH_NAMES[month - 1]} 2025`,
        purchaseDate,
        amountCents,
        status: 3 as const,
        categoryType: DEMO_CATEGORIES[item.category].categoryType,
        active: true,
        createdBy: DEMO.users.owner.id,
        createdAt,
        updatedAt: createdAt,
      };
    }),
  );

export const seedDemoLastYear = async (db: Db): Promise<void> => {
  await db.insert(expenses).values(buildLastYearExpenses()).onConflictDoNothing();
};
