import type { Db } from '../src/db/client.ts';
import { newId } from '../src/lib/ids.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { budgetItems } from '../src/schema/budget.ts';
import { budgetCategories } from '../src/schema/categories.ts';
import { marketingPlans } from '../src/schema/plans.ts';
import { teamMembers, teams } from '../src/schema/teams.ts';
import { tenants, users } from '../src/schema/tenants.ts';

/**
 * The benches' tenant with one Planner (team role 2) and one 2026 plan of `items` budget items over
 * `categories` categories (category types 1, 2, 3 in turn; item types 1 and 2 in turn). The benches
 * add their expenses to it in SQL.
 */
export const seedBenchPlan = async (
  db: Db,
  options: { tenantName: string; emailPrefix: string; password: string; categories: number; items: number },
) => {
  const tenantId = newId();
  const teamId = newId();
  const userId = newId();
  const planId = newId();
  const email = `${options.emailPrefix}-${tenantId.slice(0, 8)}@example.test`;
  await db.insert(tenants).values({ id: tenantId, name: options.tenantName, planCode: 'performance' });
  await db.insert(users).values({
    tenantId,
    id: userId,
    email,
    passwordHash: await hashPassword(options.password),
    firstName: 'Bench',
    lastName: 'Planner',
    tenantRole: 'member',
  });
  await db.insert(teams).values({ tenantId, id: teamId, name: 'Bench team' });
  await db.insert(teamMembers).values({ tenantId, teamId, userId, teamRoleId: 2 });
  const categories = Array.from({ length: options.categories }, (_, index) => ({
    tenantId,
    id: newId(),
    name: `Category ${index + 1}`,
    categoryType: ((index % 3) + 1) as 1 | 2 | 3,
    sortOrder: index,
  }));
  await db.insert(budgetCategories).values(categories);
  await db
    .insert(marketingPlans)
    .values({ tenantId, id: planId, teamId, name: 'Plan with 100k expenses', startDate: '2026-01-01', endDate: '2026-12-31' });
  const items = Array.from({ length: options.items }, (_, index) => ({
    tenantId,
    id: newId(),
    marketingPlanId: planId,
    budgetCategoryId: categories[index % options.categories]?.id as string,
    name: `Item ${index + 1}`,
    amountCents: 5_000_000 + index * 1_234,
    itemType: (index % 2 === 0 ? 1 : 2) as 1 | 2,
  }));
  await db.insert(budgetItems).values(items);
  return { tenantId, teamId, userId, planId, email, categories, items };
};
