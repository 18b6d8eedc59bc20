import { describe, expect, it } from 'vitest';
import { computeActuals, computeReverseMath, planMonths, toTenThousandths } from './funnel-math.ts';

const stages = (...rates: (number | null)[]) =>
  rates.map((rate, index) => ({ id: `s${index}`, rateTenThousandths: toTenThousandths(rate) }));

describe('funnel reverse math', () => {
  it('works back from the revenue goal to the volume each stage needs and the budget it implies', () => {
    // $1,000,000 ÷ $25,000 = 40 deals; 40 ÷ 0.25 = 160; 160 ÷ 0.4 = 400; 400 ÷ 0.1 = 4,000 leads × $50 = $200,000.
    const math = computeReverseMath(
      { revenueGoalCents: 100_000_000, averageDealSizeCents: 2_500_000, costPerLeadCents: 5_000 },
      stages(0.1, 0.4, 0.25, null),
    );
    expect(math).toEqual({ dealsNeeded: 40, required: [4000, 400, 160, 40], impliedBudgetCents: 20_000_000 });
  });

  it('rounds every step up, without float drift (30 ÷ 0.3 is 100, not 101)', () => {
    // $10,001 ÷ $1,000 → 11 deals (ceil 10.001); 11 ÷ 0.3 = 36.67 → 37; 37 ÷ 0.3 = 123.33 → 124.
    const drift = computeReverseMath(
      { revenueGoalCents: 3_000_000, averageDealSizeCents: 100_000, costPerLeadCents: null },
      stages(0.3, null),
    );
    expect(drift.required).toEqual([100, 30]);
    const math = computeReverseMath(
      { revenueGoalCents: 1_000_100, averageDealSizeCents: 100_000, costPerLeadCents: 1 },
      stages(0.3, 0.3, 0.5),
    );
    expect(math.dealsNeeded).toBe(11);
    expect(math.required).toEqual([124, 37, 11]);
    expect(math.impliedBudgetCents).toBe(124);
  });

  it('leaves a stage and every stage above it unknown while a rate below is missing or 0, and the implied budget with it', () => {
    const math = computeReverseMath(
      { revenueGoalCents: 1_000_000, averageDealSizeCents: 100_000, costPerLeadCents: 100 },
      stages(0.5, null, 0.5),
    );
    expect(math.required).toEqual([null, null, 10]);
    expect(math.impliedBudgetCents).toBeNull();
    expect(
      computeReverseMath({ revenueGoalCents: 1_000_000, averageDealSizeCents: 100_000, costPerLeadCents: 100 }, stages(0, 1)).required,
    ).toEqual([null, 10]);
  });

  it('has no implied budget without a cost per lead', () => {
    expect(
      computeReverseMath({ revenueGoalCents: 100, averageDealSizeCents: 100, costPerLeadCents: null }, stages(0.5, null))
        .impliedBudgetCents,
    ).toBeNull();
  });
});

describe('funnel actuals', () => {
  it('converts over the months both stages have actuals and prices each stage by the plan spend', () => {
    const leads = new Map([
      ['2026-01', 100],
      ['2026-02', 200],
      ['2026-03', 50],
    ]);
    // March has no MQL actual yet: it does not count in the conversion (30 + 60) ÷ (100 + 200).
    const mqls = new Map([
      ['2026-01', 30],
      ['2026-02', 60],
    ]);
    const [lead, mql] = computeActuals([leads, mqls], 700_000);
    expect(lead).toEqual({ actual: 350, actualConversion: 0.3, costPerStageCents: 2000 });
    expect(mql).toEqual({ actual: 90, actualConversion: null, costPerStageCents: 7778 });
  });

  it('has no conversion or cost per stage without actuals', () => {
    expect(computeActuals([new Map(), new Map()], 100)).toEqual([
      { actual: 0, actualConversion: null, costPerStageCents: null },
      { actual: 0, actualConversion: null, costPerStageCents: null },
    ]);
  });
});

describe('plan months', () => {
  it('lists every month the plan touches, across a year end', () => {
    expect(planMonths('2025-11-15', '2026-02-01')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
  });
});
