import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { activities } from '../schema/activities.ts';
import { budgetItems } from '../schema/budget.ts';
import { objectiveResults, objectives } from '../schema/objectives.ts';
import { DEMO, DEMO_FUNNEL_STAGES, DEMO_PLAN } from './demo-ids.ts';

const tenantId = DEMO.tenantId;
/** Fixed ids of this part: 6b1f3c2e-0d4a-4f7e-9a59-<kind><n>, so reseeding finds the same rows. */
const seedId = (kind: 'o' | 'r' | 'a', n: number): string =>
  `6b1f3c2e-0d4a-4f7e-9a59-${({ o: '0b', r: '0d', a: '0a' } as const)[kind]}${n.toString(16).padStart(10, '0')}`;

/** A deterministic number in [0, 1) (the seed is the same every time). */
const noise = (a: number, b: number): number => {
  const x = Math.sin(a * 91.345 + b * 47.853) * 24634.6345;
  return x - Math.floor(x);
};

const itemId = (name: string): string => {
  const found = DEMO_PLAN.items.find((item) => item.name === name);
  if (!found) throw new Error(`demo item ${name} is missing`);
  return found.id;
};

type SeedResult = { date: string; value: number; note?: string };

/** Mondays from January 5 to November 16, 2026: the weeks with results so far. */
const mondays = (): string[] => {
  const days: string[] = [];
  for (let day = Date.UTC(2026, 0, 5); day <= Date.UTC(2026, 10, 16); day += 7 * 86_400_000) {
    days.push(new Date(day).toISOString().slice(0, 10));
  }
  return days;
};

/**
 * The demo plan's four objectives (DESIGN.md §9), each with a year of results that leave them in
 * different states late in 2026: MQLs on track, pipeline at risk, event attendees achieved, win
 * rate behind. Their budget items are linked, so budget, spend and cost per result show.
 */
export const DEMO_OBJECTIVES = [
  {
    id: seedId('o', 1),
    name: 'Marketing qualified leads',
    description: 'MQLs handed to sales from every channel.',
    funnelStageId: DEMO_FUNNEL_STAGES.mql.id,
    metric: 'MQLs',
    metricType: 1,
    aggregation: 1,
    isRevenue: false,
    targetValue: 4_800,
    startDate: DEMO_PLAN.startDate,
    endDate: DEMO_PLAN.endDate,
    items: ['Google Search Ads', 'LinkedIn Sponsored Content', 'Meta Retargeting', 'Blog & SEO Content'],
    results: (): SeedResult[] => mondays().map((date, n) => ({ date, value: 80 + Math.round(noise(1, n) * 25) })),
  },
  {
    id: seedId('o', 2),
    name: 'Pipeline created',
    description: 'New opportunity value sourced by marketing.',
    funnelStageId: DEMO_FUNNEL_STAGES.opportunity.id,
    metric: null,
    metricType: 2,
    aggregation: 1,
    isRevenue: true,
    targetValue: 3_000_000,
    startDate: DEMO_PLAN.startDate,
    endDate: DEMO_PLAN.endDate,
    items: ['Programmatic Display', 'Webinar Series', 'Video Production'],
    results: (): SeedResult[] =>
      Array.from({ length: 11 }, (_, month) => ({
        date: `2026-${String(month + 1).padStart(2, '0')}-28`,
        value: 180_000 + Math.round(noise(2, month) * 60_000) + 0.5 * (month % 2),
      })),
  },
  {
    id: seedId('o', 3),
    name: 'Event attendees',
    description: 'Badge scans and check-ins at our events.',
    funnelStageId: DEMO_FUNNEL_STAGES.lead.id,
    metric: 'attendees',
    metricType: 1,
    aggregation: 1,
    isRevenue: false,
    targetValue: 1_500,
    startDate: '2026-04-01',
    endDate: '2026-10-31',
    items: ['SaaStr Annual Booth', 'Regional Roadshow', 'Customer Conference'],
    results: (): SeedResult[] => [
      { date: '2026-04-16', value: 180, note: 'Roadshow — Chicago' },
      { date: '2026-05-21', value: 160, note: 'Roadshow — Austin' },
      { date: '2026-06-04', value: 820, note: 'Customer Conference' },
      { date: '2026-09-10', value: 310, note: 'SaaStr Annual booth' },
      { date: '2026-10-15', value: 90, note: 'Roadshow — Boston' },
    ],
  },
  {
    id: seedId('o', 4),
    name: 'Win rate',
    description: 'Share of marketing-sourced opportunities won, measured monthly.',
    funnelStageId: DEMO_FUNNEL_STAGES.customer.id,
    metric: null,
    metricType: 3,
    aggregation: 2,
    isRevenue: false,
    targetValue: 25,
    startDate: DEMO_PLAN.startDate,
    endDate: DEMO_PLAN.endDate,
    items: ['Analyst Report Licensing', 'Customer Survey'],
    results: (): SeedResult[] =>
      [21.5, 22, 20.5, 19, 19.5, 18, 17.5, 18.5, 19, 18, 18.5].map((value, month) => ({
        date: `2026-${String(month + 1).padStart(2, '0')}-05`,
        value,
      })),
  },
] as const;

/** The objectives, their results, their linked items and their audit entries (idempotent). */
export const seedDemoObjectives = async (db: Db): Promise<void> => {
  const createdAt = new Date('2026-01-06T15:30:00Z');
  const inserted = await db
    .insert(objectives)
    .values(
      DEMO_OBJECTIVES.map(({ items: _items, results: _results, ...objective }) => ({
        tenantId,
        ...objective,
        marketingPlanId: DEMO_PLAN.id,
        higherIsBetter: true,
        createdAt,
        updatedAt: createdAt,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: objectives.id });
  const isNew = new Set(inserted.map((row) => row.id));
  let n = 0;
  const results = DEMO_OBJECTIVES.flatMap((objective) =>
    objective.results().map((result: SeedResult) => {
      n += 1;
      return {
        tenantId,
        id: seedId('r', n),
        objectiveId: objective.id,
        resultDate: result.date,
        value: result.value,
        note: result.note ?? null,
        createdAt: new Date(`${result.date}T17:00:00Z`),
      };
    }),
  );
  await db.insert(objectiveResults).values(results).onConflictDoNothing();
  // Items are linked when their objective is first seeded, and only if still unlinked: reseeding never undoes a user's choice.
  for (const objective of DEMO_OBJECTIVES.filter((candidate) => isNew.has(candidate.id))) {
    await db
      .update(budgetItems)
      .set({ objectiveId: objective.id })
      .where(
        and(eq(budgetItems.tenantId, tenantId), inArray(budgetItems.id, objective.items.map(itemId)), isNull(budgetItems.objectiveId)),
      );
  }
  await db
    .insert(activities)
    .values(
      DEMO_OBJECTIVES.map((objective, index) => ({
        tenantId,
        id: seedId('a', index + 1),
        entityType: 'Objective',
        entityId: objective.id,
        marketingPlanId: DEMO_PLAN.id,
        actorId: DEMO.users.owner.id,
        action: 'create' as const,
        name: objective.name,
        createdAt,
      })),
    )
    .onConflictDoNothing();
};
