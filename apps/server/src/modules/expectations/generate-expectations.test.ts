import { describe, expect, it } from 'vitest';
import {
  compressVelocities,
  findForecastShortfall,
  funnelVelocityDays,
  generateExpectedCounts,
  monthWeights,
  roundPreservingTotal,
} from './generate-expectations.ts';

describe('Generate from the funnel', () => {
  it('spreads the first stage by the budget phasing, shifts later stages by velocity and multiplies by the rates', () => {
    // Budget $100/$200/$300/$400 → weights 10/20/30/40 %; 200 leads → 20, 40, 60, 80.
    // MQL: 30 days → 1 month later, × 0.5 → 0, 10, 20, 30 (April's 40 falls after the plan).
    // Customer: 30 + 45 = 75 days → 2.5 → 3 months later, × 0.5 × 0.2 → 0, 0, 0, 2.
    const rows = generateExpectedCounts({
      firstStageRequired: 200,
      budgetCentsByMonth: [10_000, 20_000, 30_000, 40_000],
      stages: [
        { rateTenThousandths: 5000, velocityDays: 30 },
        { rateTenThousandths: 2000, velocityDays: 45 },
        { rateTenThousandths: null, velocityDays: 0 },
      ],
    });
    expect(rows).toEqual([
      [20, 40, 60, 80],
      [0, 10, 20, 30],
      [0, 0, 0, 2],
    ]);
  });

  it('spreads evenly when the plan has no budget, in whole counts that add up', () => {
    const rows = generateExpectedCounts({
      firstStageRequired: 100,
      budgetCentsByMonth: [0, 0, 0],
      stages: [
        { rateTenThousandths: 1000, velocityDays: 10 },
        { rateTenThousandths: null, velocityDays: 0 },
      ],
    });
    // 33.33 each → 34, 33, 33; 10 days rounds to no shift: 3.33 each → 4, 3, 3.
    expect(rows).toEqual([
      [34, 33, 33],
      [4, 3, 3],
    ]);
  });

  it('weights months by budget and gives leftover units to the largest remainders', () => {
    expect(monthWeights([100, 300])).toEqual([0.25, 0.75]);
    expect(roundPreservingTotal([1.2, 1.7, 2.1])).toEqual([1, 2, 2]);
    expect(roundPreservingTotal([0.5, 0.5])).toEqual([1, 0]);
  });

  it('takes float noise for a tie: 0.3 and 0.1 + 0.2 give the leftover unit to the earlier month', () => {
    expect(roundPreservingTotal([0.3, 0.1 + 0.2])).toEqual([1, 0]);
  });
});

// Issue 28 A7 (mutation testing): the shortfall rules at their boundaries, as unit tests of the
// pure functions (expectations.shortfall.test.ts checks the same through the API).
describe('the forecast shortfall and the velocity that fits', () => {
  const noBudget = Array.from({ length: 12 }, () => 0);
  // Budget only in the first 8 of 12 months: a shift of up to 4 months keeps every deal inside.
  const phased = [1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0].map((share) => share * 100_000);
  const twoStages = (days: number, lastStageDays = 0) => [
    { rateTenThousandths: 1000, velocityDays: days },
    { rateTenThousandths: null, velocityDays: lastStageDays },
  ];
  const threeStages = (first: number, second: number, lastStageDays = 0) => [
    { rateTenThousandths: 5000, velocityDays: first },
    { rateTenThousandths: 2000, velocityDays: second },
    { rateTenThousandths: null, velocityDays: lastStageDays },
  ];

  it('counts every stage’s days but the last one’s as the funnel’s velocity', () => {
    expect(funnelVelocityDays(threeStages(30, 45, 90))).toBe(75);
    expect(funnelVelocityDays(twoStages(90, 200))).toBe(90);
    expect(funnelVelocityDays([])).toBe(0);
  });

  it('finds 10 of 40 deals after the plan when a two-stage funnel takes 90 days, and that only 14 days fit', () => {
    // 400 leads evenly over 12 months at 10 %: 3.33 deals a month, 3 months of them land after December.
    const found = findForecastShortfall({ firstStageRequired: 400, needed: 40, budgetCentsByMonth: noBudget, stages: twoStages(90, 200) });
    expect(found).toEqual({ needed: 40, inside: 30, velocityDays: 90, shiftMonths: 3, fitVelocityDays: 14 });
  });

  it('shifts the last of three stages by the sum of the earlier stages’ days and keeps the longest velocity that fits', () => {
    const found = findForecastShortfall({
      firstStageRequired: 400,
      needed: 40,
      budgetCentsByMonth: phased,
      stages: threeStages(60, 120, 300),
    });
    expect(found).toEqual({ needed: 40, inside: 30, velocityDays: 180, shiftMonths: 6, fitVelocityDays: 134 });
  });

  it('has no shortfall when exactly the needed deals land inside the plan, and one when one more is needed', () => {
    // 134 days round to a 4-month shift: all 40 deals still land inside the plan.
    const input = { firstStageRequired: 400, budgetCentsByMonth: phased, stages: threeStages(60, 74) };
    expect(findForecastShortfall({ ...input, needed: 40 })).toBeNull();
    expect(findForecastShortfall({ ...input, needed: 41 })).toEqual({
      needed: 41,
      inside: 40,
      velocityDays: 134,
      shiftMonths: 4,
      fitVelocityDays: 14,
    });
  });

  it('has no shortfall when the velocity rounds to no shift, even if the funnel cannot reach the need', () => {
    // 14 days round to 0 months: nothing falls after the plan, whatever the goal asks.
    expect(
      findForecastShortfall({ firstStageRequired: 400, needed: 1000, budgetCentsByMonth: noBudget, stages: twoStages(14) }),
    ).toBeNull();
    expect(
      findForecastShortfall({
        firstStageRequired: 400,
        needed: 1000,
        budgetCentsByMonth: noBudget,
        stages: [{ rateTenThousandths: null, velocityDays: 90 }],
      }),
    ).toBeNull();
  });

  it('compresses every stage but the last in proportion, rounding down, and leaves a funnel that already fits alone', () => {
    expect(compressVelocities(threeStages(60, 120, 30), 134)).toEqual([44, 89, 30]);
    expect(compressVelocities(threeStages(60, 30, 7), 134)).toEqual([60, 30, 7]);
  });
});
