import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant } from '../../../test/factories.ts';
import { createCategory, createGlCode } from '../../../test/planning-factories.ts';
import { signUp } from '../../../test/signup.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { budgetItemMonths, budgetItems } from '../../schema/budget.ts';
import { budgetCategories } from '../../schema/categories.ts';
import { lookups } from '../../schema/lookups.ts';
import { objectives } from '../../schema/objectives.ts';
import { marketingPlans } from '../../schema/plans.ts';
import { teams } from '../../schema/teams.ts';
import { users } from '../../schema/tenants.ts';
import { DEMO } from '../../seed/demo-ids.ts';
import { seedDemo } from '../../seed/index.ts';
import { createStarterPlays } from './starter-library.ts';
import { STARTER_PLAYS } from './starter-plays.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
});
afterAll(async () => t.close());

const playsOf = (tenantId: string) =>
  t.ctx.db
    .select()
    .from(marketingPlans)
    .where(and(eq(marketingPlans.tenantId, tenantId), sql`${marketingPlans.starterPlay} IS NOT NULL`))
    .orderBy(asc(marketingPlans.name));

/** Per play: its items' amounts against their phased months, categories touched, objectives inside the dates. */
const checkPlays = async (tenantId: string) => {
  const plays = await playsOf(tenantId);
  expect(plays.map((play) => play.name)).toEqual([
    'Account-based marketing',
    'Always-on demand generation',
    'Product launch',
    'Trade show / event',
  ]);
  for (const play of plays) {
    expect(play.state).toBe(3);
    const data = STARTER_PLAYS.find((entry) => entry.key === play.starterPlay);
    const items = await t.ctx.db.select().from(budgetItems).where(eq(budgetItems.marketingPlanId, play.id));
    expect(items.map((item) => [item.name, item.amountCents]).sort()).toEqual(
      data?.items.map((item) => [item.name, item.amount * 100]).sort(),
    );
    expect(new Set(items.map((item) => item.budgetCategoryId)).size).toBeGreaterThanOrEqual(4);
    expect(items.every((item) => item.generalLedgerCodeId !== null)).toBe(true);
    for (const item of items) {
      const months = await t.ctx.db.select().from(budgetItemMonths).where(eq(budgetItemMonths.budgetItemId, item.id));
      expect(months.reduce((sum, month) => sum + month.amountCents, 0)).toBe(item.amountCents);
      for (const month of months) expect(month.month >= `${play.startDate.slice(0, 8)}01` && month.month <= play.endDate).toBe(true);
    }
    const goals = await t.ctx.db.select().from(objectives).where(eq(objectives.marketingPlanId, play.id));
    expect(goals).toHaveLength(data?.objectives.length ?? -1);
    for (const goal of goals) expect(goal.startDate >= play.startDate && goal.endDate <= play.endDate).toBe(true);
  }
  return plays;
};

describe('the starter library', () => {
  it('comes with every sign-up: four plays in the first team, starting this month, with the categories and GL codes they need', async () => {
    const registered = await signUp(t);
    const [owner] = await t.ctx.db.select().from(users).where(eq(users.id, registered.Id));
    const tenantId = owner?.tenantId ?? '';
    const [team] = await t.ctx.db.select().from(teams).where(eq(teams.tenantId, tenantId));
    const plays = await checkPlays(tenantId);
    const thisMonth = `${new Date().toISOString().slice(0, 7)}-01`;
    for (const play of plays) expect(play).toMatchObject({ teamId: team?.id, startDate: thisMonth, createdBy: registered.Id });
    const categoryNames = (await t.ctx.db.select().from(budgetCategories).where(eq(budgetCategories.tenantId, tenantId))).map(
      (c) => c.name,
    );
    // The plays reuse sign-up's suggested categories (DESIGN.md §12; Contractors is one no play uses) and add none.
    expect(categoryNames.sort()).toEqual([
      'Agencies',
      'Content',
      'Contractors',
      'Events',
      'Paid Media',
      'Research',
      'Salaries',
      'Software & Tools',
    ]);
  });

  it('matches existing categories and GL codes by name ignoring case, and adds nothing when run again', async () => {
    const tenant = await createTenant(t);
    const media = await createCategory(t, tenant, { name: 'paid media', categoryType: 1 });
    const gl = await createGlCode(t, tenant, '6100 ADVERTISING');
    const target = { tenantId: tenant.id, teamId: tenant.teamId, createdBy: null, startMonth: '2025-11-01', now: new Date() };
    expect(await createStarterPlays(t.ctx.db, target)).toBe(4);
    const plays = await checkPlays(tenant.id);
    const launch = plays.find((play) => play.name === 'Product launch');
    expect(launch).toMatchObject({ startDate: '2025-11-01', endDate: '2026-04-30' });
    const [burst] = await t.ctx.db
      .select()
      .from(budgetItems)
      .where(and(eq(budgetItems.marketingPlanId, launch?.id ?? ''), eq(budgetItems.name, 'Launch paid media burst')));
    expect(burst).toMatchObject({ budgetCategoryId: media.id, generalLedgerCodeId: gl.id, itemType: 1 });
    const burstMonths = await t.ctx.db
      .select({ month: budgetItemMonths.month, cents: budgetItemMonths.amountCents })
      .from(budgetItemMonths)
      .where(eq(budgetItemMonths.budgetItemId, burst?.id ?? ''))
      .orderBy(budgetItemMonths.month);
    expect(burstMonths).toEqual([
      { month: '2026-01-01', cents: 2_400_000 },
      { month: '2026-02-01', cents: 1_800_000 },
      { month: '2026-03-01', cents: 1_200_000 },
      { month: '2026-04-01', cents: 600_000 },
    ]);
    const counts = async () => ({
      plans: (await t.ctx.db.select().from(marketingPlans).where(eq(marketingPlans.tenantId, tenant.id))).length,
      categories: (await t.ctx.db.select().from(budgetCategories).where(eq(budgetCategories.tenantId, tenant.id))).length,
      lookups: (await t.ctx.db.select().from(lookups).where(eq(lookups.tenantId, tenant.id))).length,
    });
    const before = await counts();
    expect(before.categories).toBe(7);
    expect(await createStarterPlays(t.ctx.db, target)).toBe(0);
    expect(await counts()).toEqual(before);
  });

  it('is in the demo tenant once, however often the seed runs, and links objectives to the demo’s funnel stages', async () => {
    await seedDemo(t.database, { sandbox: true });
    const plays = await checkPlays(DEMO.tenantId);
    expect(plays.every((play) => play.teamId === DEMO.teams.brand.id && play.startDate === '2026-01-01')).toBe(true);
    const linked = await t.ctx.db
      .select()
      .from(objectives)
      .where(
        and(
          eq(objectives.tenantId, DEMO.tenantId),
          sql`${objectives.funnelStageId} IS NOT NULL`,
          sql`${objectives.marketingPlanId} IN (SELECT id FROM marketing_plans WHERE tenant_id = ${DEMO.tenantId} AND starter_play IS NOT NULL)`,
        ),
      );
    expect(linked.length).toBeGreaterThanOrEqual(4);
  });
});
