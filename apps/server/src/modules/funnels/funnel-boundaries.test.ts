// Boundary values of the funnel math (issue 28 A7): roundings at a half, divisions that are exact
// and one unit past exact, and the stage the cost refers to.
import { describe, expect, it } from 'vitest';
import { computeActuals, computeReverseMath, costStageIndex, defaultCostStageIndex, planMonths, toTenThousandths } from './funnel-math.ts';

const stages = (...rates: (number | null)[]) =>
  rates.map((rate, index) => ({ id: `s${index}`, rateTenThousandths: toTenThousandths(rate) }));

describe('cost per stage at a half cent', () => {
  it('rounds $10.01 for 2 entries to $5.01, not down to $5.00', () => {
    const [stage] = computeActuals([new Map([['2026-01', 2]])], 1_001);
    expect(stage?.costPerStageCents).toBe(501);
  });

  it('rounds just under a half down', () => {
    // 1,001 ÷ 2.01 = 498.01
    const [stage] = computeActuals([new Map([['2026-01', 2.01]])], 1_001);
    expect(stage?.costPerStageCents).toBe(498);
  });

  it('adds counts inexact in binary exactly (0.1 + 0.2 entries is 0.3)', () => {
    const [stage] = computeActuals(
      [
        new Map([
          ['2026-01', 0.1],
          ['2026-02', 0.2],
        ]),
      ],
      3,
    );
    expect(stage?.actual).toBe(0.3);
    expect(stage?.costPerStageCents).toBe(10);
  });
});

describe('actual conversion at its edges', () => {
  it('rounds to 4 decimals at a half and needs a base above 0', () => {
    // 1 ÷ 3 = 0.33333; 2 ÷ 3 = 0.66667
    const [first] = computeActuals([new Map([['2026-01', 3]]), new Map([['2026-01', 2]])], 0);
    expect(first?.actualConversion).toBe(0.6667);
    const [zero] = computeActuals([new Map([['2026-01', 0]]), new Map([['2026-01', 5]])], 0);
    expect(zero?.actualConversion).toBeNull();
    expect(zero?.costPerStageCents).toBeNull();
  });

  it('converts 1 in 20,000 as 0.0001 (a half ten-thousandth rounds up)', () => {
    const [first] = computeActuals([new Map([['2026-01', 20_000]]), new Map([['2026-01', 1]])], 0);
    expect(first?.actualConversion).toBe(0.0001);
  });

  it('counts a next stage that has an actual of 0 in a shared month', () => {
    const [first] = computeActuals([new Map([['2026-01', 10]]), new Map([['2026-01', 0]])], 0);
    expect(first?.actualConversion).toBe(0);
  });
});

describe('reverse math at exact divisions', () => {
  it('needs exactly goal ÷ deal size deals when it divides, and one more a cent past it', () => {
    const model = { averageDealSizeCents: 100_000, costPerLeadCents: 100 };
    expect(computeReverseMath({ ...model, revenueGoalCents: 1_000_000 }, stages(null)).dealsNeeded).toBe(10);
    expect(computeReverseMath({ ...model, revenueGoalCents: 1_000_001 }, stages(null)).dealsNeeded).toBe(11);
    expect(computeReverseMath({ ...model, revenueGoalCents: 999_999 }, stages(null)).dealsNeeded).toBe(10);
  });

  it('needs exactly next ÷ rate entries when it divides, and rounds up otherwise', () => {
    const model = { revenueGoalCents: 1_000_000, averageDealSizeCents: 100_000, costPerLeadCents: 7 };
    // 10 ÷ 0.5 = 20 exactly; 10 ÷ 0.4999 = 20.004 → 21.
    expect(computeReverseMath(model, stages(0.5, null)).required).toEqual([20, 10]);
    expect(computeReverseMath(model, stages(0.4999, null)).required).toEqual([21, 10]);
    // a rate of 1 keeps the volume
    expect(computeReverseMath(model, stages(1, null)).required).toEqual([10, 10]);
  });

  it('prices the chosen stage: the implied budget is that stage’s volume × the cost per entry', () => {
    const model = { revenueGoalCents: 1_000_000, averageDealSizeCents: 100_000, costPerLeadCents: 7 };
    expect(computeReverseMath(model, stages(0.5, null), 0).impliedBudgetCents).toBe(140);
    expect(computeReverseMath(model, stages(0.5, null), 1).impliedBudgetCents).toBe(70);
    expect(computeReverseMath({ ...model, costPerLeadCents: 0 }, stages(0.5, null)).impliedBudgetCents).toBe(0);
  });

  it('reads rates inexact in binary without drift', () => {
    expect(toTenThousandths(0.29)).toBe(2_900);
    expect(toTenThousandths(0.0001)).toBe(1);
    expect(toTenThousandths(null)).toBeNull();
  });
});

describe('the cost stage', () => {
  const named = (...names: string[]) => names.map((name, index) => ({ id: `s${index}`, name }));

  it('defaults to the stage named Lead (any case, spaces around), else the first', () => {
    expect(defaultCostStageIndex(named('Visitor', ' lead ', 'Deal'))).toBe(1);
    expect(defaultCostStageIndex(named('Visitor', 'Deal'))).toBe(0);
  });

  it('takes the chosen stage while it is among the stages, else the default', () => {
    expect(costStageIndex(named('Visitor', 'Lead', 'Deal'), 's2')).toBe(2);
    expect(costStageIndex(named('Visitor', 'Lead', 'Deal'), 's0')).toBe(0);
    expect(costStageIndex(named('Visitor', 'Lead', 'Deal'), 'gone')).toBe(1);
    expect(costStageIndex(named('Visitor', 'Lead', 'Deal'), null)).toBe(1);
  });
});

describe('plan months at their edges', () => {
  it('a one-day plan has one month; a plan ending on the first of a month has that month', () => {
    expect(planMonths('2026-03-31', '2026-03-31')).toEqual(['2026-03']);
    expect(planMonths('2026-01-31', '2026-02-01')).toEqual(['2026-01', '2026-02']);
    expect(planMonths('2026-12-01', '2027-01-01')).toEqual(['2026-12', '2027-01']);
    expect(planMonths('2026-05-01', '2026-04-30')).toEqual([]);
  });

  it('a year-long plan has 12 or 13 months', () => {
    expect(planMonths('2026-01-01', '2026-12-31')).toHaveLength(12);
    expect(planMonths('2026-01-15', '2027-01-14')).toHaveLength(13);
  });
});
