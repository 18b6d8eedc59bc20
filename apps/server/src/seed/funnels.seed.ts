import { generateExpectedCounts } from '../modules/expectations/index.ts';
import { funnelModels, funnelStageSettings } from '../schema/funnels.ts';
import { expectations } from '../schema/objectives.ts';
import type { Db } from '../db/client.ts';
import { DEMO, DEMO_FUNNEL_STAGES, DEMO_PLAN } from './demo-ids.ts';

const tenantId = DEMO.tenantId;

/**
 * The demo plan's funnel (DESIGN.md §9): $3,000,000 from $30,000 deals is 100 customers, which
 * works back to 190,500 visitors; at $4.50 a visitor that implies $857,250, inside the plan's
 * $943,800 budget. Rates and days per stage, in the stages' order (the last has none).
 */
export const DEMO_FUNNEL = {
  revenueGoalCents: 300_000_000,
  averageDealSizeCents: 3_000_000,
  costPerLeadCents: 450,
  stages: [
    { stage: DEMO_FUNNEL_STAGES.visitor, conversionRate: 0.03, velocityDays: 7 },
    { stage: DEMO_FUNNEL_STAGES.lead, conversionRate: 0.35, velocityDays: 14 },
    { stage: DEMO_FUNNEL_STAGES.mql, conversionRate: 0.4, velocityDays: 21 },
    { stage: DEMO_FUNNEL_STAGES.sql, conversionRate: 0.5, velocityDays: 30 },
    { stage: DEMO_FUNNEL_STAGES.opportunity, conversionRate: 0.25, velocityDays: 60 },
    { stage: DEMO_FUNNEL_STAGES.customer, conversionRate: null, velocityDays: 0 },
  ],
  /** First-stage volume the goal needs (the reverse math's answer for the rates above). */
  visitorsRequired: 190_500,
  /** Months (1–12) with actual counts entered: the spending seed's actual months. */
  actualMonths: 10,
} as const;

/** A deterministic factor in [0.82, 1.12) so actuals wander around the forecast. */
const drift = (stage: number, month: number): number => {
  const x = Math.sin(stage * 91.17 + month * 17.31) * 10_000;
  return 0.82 + (x - Math.floor(x)) * 0.3;
};

/** The plan's budget per month (items are phased evenly over their months; the last month takes the remainder). */
const budgetByMonth = (): number[] =>
  Array.from({ length: 12 }, (_, index) =>
    DEMO_PLAN.items.reduce((sum, item) => {
      const month = index + 1;
      if (!item.months.includes(month as never)) return sum;
      const share = Math.floor(item.amountCents / item.months.length);
      return sum + (item.months[item.months.length - 1] === month ? item.amountCents - share * (item.months.length - 1) : share);
    }, 0),
  );

/** The expected grid the demo's Generate would produce, with actuals for January to October. */
export const buildDemoExpectations = () => {
  const expected = generateExpectedCounts({
    firstStageRequired: DEMO_FUNNEL.visitorsRequired,
    budgetCentsByMonth: budgetByMonth(),
    stages: DEMO_FUNNEL.stages.map((entry) => ({
      rateTenThousandths: entry.conversionRate === null ? null : Math.round(entry.conversionRate * 10_000),
      velocityDays: entry.velocityDays,
    })),
  });
  return DEMO_FUNNEL.stages.flatMap((entry, stageIndex) =>
    Array.from({ length: 12 }, (_, monthIndex) => {
      const expectedCount = expected[stageIndex]?.[monthIndex] ?? 0;
      const hasActual = monthIndex < DEMO_FUNNEL.actualMonths;
      return {
        tenantId,
        marketingPlanId: DEMO_PLAN.id,
        funnelStageId: entry.stage.id,
        month: `2026-${String(monthIndex + 1).padStart(2, '0')}-01`,
        expectedCount,
        actualCount: hasActual ? Math.round(expectedCount * drift(stageIndex + 1, monthIndex + 1)) : null,
      };
    }),
  );
};

/** The demo plan's funnel model, its stage settings and a year of expectations with actuals (idempotent). */
export const seedDemoFunnels = async (db: Db): Promise<void> => {
  await db
    .insert(funnelModels)
    .values({
      tenantId,
      marketingPlanId: DEMO_PLAN.id,
      revenueGoalCents: DEMO_FUNNEL.revenueGoalCents,
      averageDealSizeCents: DEMO_FUNNEL.averageDealSizeCents,
      costPerLeadCents: DEMO_FUNNEL.costPerLeadCents,
      // $4.50 is a cost per visitor (a click), not per lead.
      costStageId: DEMO_FUNNEL_STAGES.visitor.id,
    })
    .onConflictDoNothing();
  await db
    .insert(funnelStageSettings)
    .values(
      DEMO_FUNNEL.stages.map((entry) => ({
        tenantId,
        marketingPlanId: DEMO_PLAN.id,
        funnelStageId: entry.stage.id,
        conversionRate: entry.conversionRate,
        velocityDays: entry.velocityDays,
      })),
    )
    .onConflictDoNothing();
  await db.insert(expectations).values(buildDemoExpectations()).onConflictDoNothing();
};
