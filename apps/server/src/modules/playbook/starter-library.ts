import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { newId } from '../../lib/ids.ts';
import { budgetItemMonths, budgetItems } from '../../schema/budget.ts';
import { budgetCategories } from '../../schema/categories.ts';
import { lookups } from '../../schema/lookups.ts';
import { objectives } from '../../schema/objectives.ts';
import { marketingPlans } from '../../schema/plans.ts';
import { addDays, shiftDate } from './plan-dates.ts';
import { STARTER_CATEGORIES, STARTER_GL_CODES, STARTER_PLAYS, type StarterPlay, splitByWeights } from './starter-plays.ts';

const byName = (rows: { id: string; name: string }[]) => new Map(rows.map((row) => [row.name.trim().toLowerCase(), row.id]));

/**
 * The tenant's ids of the names the plays use: existing categories and GL codes are matched by name
 * (ignoring case), missing ones are created, so the library works before or after the suggested set
 * is made. Funnel stages are only matched: an objective without its stage simply has none.
 */
const resolveNames = async (db: Db, tenantId: string, now: Date) => {
  const categories = byName(
    await db
      .select({ id: budgetCategories.id, name: budgetCategories.name })
      .from(budgetCategories)
      .where(eq(budgetCategories.tenantId, tenantId)),
  );
  const missingCategories = Object.values(STARTER_CATEGORIES).filter((category) => !categories.has(category.name.toLowerCase()));
  if (missingCategories.length > 0) {
    const rows = missingCategories.map((category) => ({ tenantId, id: newId(), ...category, createdAt: now, updatedAt: now }));
    await db.insert(budgetCategories).values(rows);
    for (const row of rows) categories.set(row.name.toLowerCase(), row.id);
  }
  const typed = async (lookupType: 1 | 2) =>
    byName(
      await db
        .select({ id: lookups.id, name: lookups.name })
        .from(lookups)
        .where(and(eq(lookups.tenantId, tenantId), eq(lookups.lookupType, lookupType))),
    );
  const glCodes = await typed(1);
  const missingCodes = Object.values(STARTER_GL_CODES).filter((code) => !glCodes.has(code.name.toLowerCase()));
  if (missingCodes.length > 0) {
    const rows = missingCodes.map((code) => ({ tenantId, id: newId(), ...code, lookupType: 1 as const, createdAt: now, updatedAt: now }));
    await db.insert(lookups).values(rows);
    for (const row of rows) glCodes.set(row.name.toLowerCase(), row.id);
  }
  const stages = await typed(2);
  const idOf = (map: Map<string, string>, name: string) => {
    const id = map.get(name.toLowerCase());
    if (!id) throw new Error(`starter library: no id for ${name}`);
    return id;
  };
  return {
    category: (key: keyof typeof STARTER_CATEGORIES) => idOf(categories, STARTER_CATEGORIES[key].name),
    glCode: (key: keyof typeof STARTER_GL_CODES) => idOf(glCodes, STARTER_GL_CODES[key].name),
    stage: (name: string | undefined) => (name ? (stages.get(name.toLowerCase()) ?? null) : null),
  };
};

type Names = Awaited<ReturnType<typeof resolveNames>>;

const insertPlay = async (db: Db, play: StarterPlay, names: Names, target: StarterLibraryTarget) => {
  const { tenantId, now } = target;
  const planId = newId();
  const startDate = target.startMonth;
  // The last day of the play's month `index` (0-based).
  const lastDayOf = (index: number) => addDays(shiftDate(startDate, index + 1), -1);
  await db.insert(marketingPlans).values({
    tenantId,
    id: planId,
    teamId: target.teamId,
    name: play.name,
    description: play.description,
    state: 3,
    starterPlay: play.key,
    startDate,
    endDate: lastDayOf(play.months - 1),
    createdBy: target.createdBy,
    createdAt: now,
    updatedAt: now,
  });
  const items = play.items.map((item) => ({ id: newId(), item }));
  await db.insert(budgetItems).values(
    items.map(({ id, item }) => ({
      tenantId,
      id,
      marketingPlanId: planId,
      budgetCategoryId: names.category(item.category),
      generalLedgerCodeId: names.glCode(item.glCode),
      name: item.name,
      amountCents: item.amount * 100,
      itemType: STARTER_CATEGORIES[item.category].categoryType === 1 ? (1 as const) : (2 as const),
      createdAt: now,
      updatedAt: now,
    })),
  );
  const months = items.flatMap(({ id, item }) =>
    splitByWeights(item.amount * 100, item.phasing)
      .map((amountCents, index) => ({ tenantId, budgetItemId: id, month: shiftDate(startDate, index), amountCents }))
      .filter((month) => month.amountCents !== 0),
  );
  if (months.length > 0) await db.insert(budgetItemMonths).values(months);
  await db.insert(objectives).values(
    play.objectives.map((objective) => {
      const [first, last] = objective.months ?? [1, play.months];
      return {
        tenantId,
        id: newId(),
        marketingPlanId: planId,
        name: objective.name,
        funnelStageId: names.stage(objective.funnelStage),
        metric: objective.metric,
        metricType: objective.metricType,
        aggregation: objective.aggregation ?? 1,
        isRevenue: objective.isRevenue ?? false,
        targetValue: objective.targetValue,
        startDate: shiftDate(startDate, first - 1),
        endDate: lastDayOf(last - 1),
        createdAt: now,
        updatedAt: now,
      };
    }),
  );
};

export type StarterLibraryTarget = {
  tenantId: string;
  /** The team the plays belong to (sign-up's first team). */
  teamId: string;
  createdBy: string | null;
  /** The first day of the month the plays start in, YYYY-MM-01. */
  startMonth: string;
  now: Date;
};

/**
 * Gives a tenant the four starter plays (DESIGN.md §9) in the caller's transaction. A play the
 * tenant already has (by its starter key) is left alone, so running it again adds nothing.
 * Answers how many plays it made.
 */
export const createStarterPlays = async (db: Db, target: StarterLibraryTarget): Promise<number> => {
  const existing = await db
    .select({ key: marketingPlans.starterPlay })
    .from(marketingPlans)
    .where(and(eq(marketingPlans.tenantId, target.tenantId), isNotNull(marketingPlans.starterPlay)));
  const have = new Set(existing.map((row) => row.key));
  const missing = STARTER_PLAYS.filter((play) => !have.has(play.key));
  if (missing.length === 0) return 0;
  const names = await resolveNames(db, target.tenantId, target.now);
  for (const play of missing) await insertPlay(db, play, names, target);
  return missing.length;
};

/** The first day of the month of `now` (UTC): where sign-up's starter plays begin. */
/** The first day of the month of `today` (YYYY-MM-DD, the tenant's today: lib/today.ts). */
export const monthStartOf = (today: string): string => `${today.slice(0, 7)}-01`;
