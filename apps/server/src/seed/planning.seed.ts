import type { Db } from '../db/client.ts';
import { budgetItemMonths, budgetItems } from '../schema/budget.ts';
import { budgetCategories } from '../schema/categories.ts';
import { lookups } from '../schema/lookups.ts';
import { marketingPlans } from '../schema/plans.ts';
import { DEMO, DEMO_CATEGORIES, DEMO_FUNNEL_STAGES, DEMO_GL_CODES, DEMO_OTHER_PLANS, DEMO_PLAN } from './demo-ids.ts';

const tenantId = DEMO.tenantId;

/** An amount spread evenly over the given months of the plan's year; the last month takes the remainder. */
const phase = (amountCents: number, year: string, months: readonly number[]) => {
  const share = Math.floor(amountCents / months.length);
  return months.map((month, index) => ({
    month: `${year}-${String(month).padStart(2, '0')}-01`,
    amountCents: index === months.length - 1 ? amountCents - share * (months.length - 1) : share,
  }));
};

/** Budget categories, GL codes, funnel stages, the live plan with a year of items, an archived plan and two templates. */
export const seedDemoPlanning = async (db: Db): Promise<void> => {
  await db
    .insert(budgetCategories)
    .values(Object.values(DEMO_CATEGORIES).map((category) => ({ tenantId, ...category })))
    .onConflictDoNothing();
  await db
    .insert(lookups)
    .values([
      ...Object.values(DEMO_GL_CODES).map((code) => ({ tenantId, ...code, lookupType: 1 as const })),
      ...Object.values(DEMO_FUNNEL_STAGES).map((stage) => ({ tenantId, ...stage, lookupType: 2 as const })),
    ])
    .onConflictDoNothing();
  for (const plan of [DEMO_PLAN, ...Object.values(DEMO_OTHER_PLANS)]) {
    await db
      .insert(marketingPlans)
      .values({
        tenantId,
        id: plan.id,
        teamId: plan.teamId,
        name: plan.name,
        description: null,
        state: plan.state,
        startDate: plan.startDate,
        endDate: plan.endDate,
        createdBy: DEMO.users.owner.id,
      })
      .onConflictDoNothing();
    await db
      .insert(budgetItems)
      .values(
        plan.items.map((item) => ({
          tenantId,
          id: item.id,
          marketingPlanId: plan.id,
          budgetCategoryId: DEMO_CATEGORIES[item.category].id,
          generalLedgerCodeId: DEMO_GL_CODES[item.glCode].id,
          name: item.name,
          amountCents: item.amountCents,
          itemType: item.itemType,
        })),
      )
      .onConflictDoNothing();
    const year = plan.startDate.slice(0, 4);
    await db
      .insert(budgetItemMonths)
      .values(
        plan.items.flatMap((item) =>
          phase(item.amountCents, year, item.months).map((month) => ({ tenantId, budgetItemId: item.id, ...month })),
        ),
      )
      .onConflictDoNothing();
  }
};
