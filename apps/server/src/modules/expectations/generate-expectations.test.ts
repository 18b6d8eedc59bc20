import { describe, expect, it } from 'vitest';
import { generateExpectedCounts, monthWeights, roundPreservingTotal } from './generate-expectations.ts';

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
});
