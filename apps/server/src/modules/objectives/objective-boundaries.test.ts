// Boundary values of the objective formulas (issue 28 A7): every rounding at a half, every
// threshold at equality and one hundredth either side of it.
import { describe, expect, it } from 'vitest';
import {
  computeObjective,
  costPerResult,
  elapsedDays,
  type ObjectiveFigureInput,
  ratio4,
  roundDiv,
  toHundredths,
} from './objective-formulas.ts';

const base: ObjectiveFigureInput = {
  metricType: 1,
  aggregation: 1,
  higherIsBetter: true,
  targetHundredths: 10_000n, // 100
  startDate: '2026-01-01',
  endDate: '2026-01-10',
  resultCount: 1,
  sumHundredths: 0n,
  latestHundredths: 0n,
  spentCents: 0n,
};
/** The last day of the objective: everything is expected, nothing is over yet. */
const LAST_DAY = '2026-01-10';

describe('cost per result at a half cent', () => {
  it('rounds $10.01 for 2 results to $5.01, not down to $5.00', () => {
    expect(costPerResult(1, 1_001n, 200n)).toBe(501n);
    expect(computeObjective({ ...base, sumHundredths: 200n, spentCents: 1_001n }, LAST_DAY).costPerResultCents).toBe(501n);
  });

  it('rounds just under a half down: $10.01 for 2.01 results is $4.98', () => {
    // 1001 ÷ 2.01 = 498.0099…
    expect(costPerResult(1, 1_001n, 201n)).toBe(498n);
  });

  it('counts a fractional result: $1.00 for 0.5 results is $2.00', () => {
    expect(costPerResult(1, 100n, 50n)).toBe(200n);
  });

  it('has no cost per result without results or for a money metric', () => {
    expect(costPerResult(1, 1_001n, 0n)).toBeNull();
    expect(costPerResult(1, 1_001n, -100n)).toBeNull();
    expect(costPerResult(2, 1_001n, 200n)).toBeNull();
    expect(costPerResult(3, 1_001n, 200n)).toBeNull();
  });
});

describe('roundDiv and ratio4 at a half', () => {
  it('rounds halves away from zero on both sides and leaves exact quotients alone', () => {
    expect(roundDiv(1n, 2n)).toBe(1n);
    expect(roundDiv(-1n, 2n)).toBe(-1n);
    expect(roundDiv(3n, 2n)).toBe(2n);
    expect(roundDiv(-3n, 2n)).toBe(-2n);
    expect(roundDiv(6n, 3n)).toBe(2n);
    expect(roundDiv(-6n, 3n)).toBe(-2n);
    expect(roundDiv(7n, 3n)).toBe(2n);
    expect(roundDiv(-7n, 3n)).toBe(-2n);
    expect(roundDiv(0n, 5n)).toBe(0n);
  });

  it('refuses a zero or negative denominator', () => {
    expect(() => roundDiv(1n, 0n)).toThrow('positive denominator');
    expect(() => roundDiv(1n, -2n)).toThrow('positive denominator');
  });

  it('rounds a ratio at half a ten-thousandth up', () => {
    expect(ratio4(1n, 20_000n)).toBe(0.0001);
    expect(ratio4(1n, 20_001n)).toBe(0);
    expect(ratio4(2n, 3n)).toBe(0.6667);
  });
});

describe('objective status at its thresholds', () => {
  const withActual = (hundredths: bigint, extra: Partial<typeof base> = {}) =>
    computeObjective({ ...base, sumHundredths: hundredths, latestHundredths: hundredths, ...extra }, LAST_DAY).status;

  it('is Achieved at exactly the target and On track one hundredth under it', () => {
    expect(withActual(10_000n)).toBe('Achieved');
    expect(withActual(9_999n)).toBe('OnTrack');
  });

  it('is On track at exactly 95 % of the expected value and At risk one hundredth under', () => {
    expect(withActual(9_500n)).toBe('OnTrack');
    expect(withActual(9_499n)).toBe('AtRisk');
  });

  it('is At risk at exactly 80 % and Behind one hundredth under', () => {
    expect(withActual(8_000n)).toBe('AtRisk');
    expect(withActual(7_999n)).toBe('Behind');
  });

  it('for lower-is-better: at the target, over by 95 %, and past it', () => {
    const lower = { higherIsBetter: false, aggregation: 2 as const };
    expect(withActual(10_000n, lower)).toBe('Achieved');
    // expected ÷ actual: 100 ÷ 105.26 is 95.003 % (on track); 100 ÷ 105.27 is 94.994 %.
    expect(withActual(10_526n, lower)).toBe('OnTrack');
    expect(withActual(10_527n, lower)).toBe('AtRisk');
    expect(withActual(12_500n, lower)).toBe('AtRisk');
    expect(withActual(12_501n, lower)).toBe('Behind');
  });

  it('is Not started the day before it starts and judged from its first day', () => {
    expect(computeObjective({ ...base, sumHundredths: 10_000n }, '2025-12-31').status).toBe('NotStarted');
    expect(computeObjective({ ...base, sumHundredths: 10_000n }, '2026-01-01').status).toBe('Achieved');
  });

  it('is Behind without results even when nothing is expected yet', () => {
    expect(computeObjective({ ...base, resultCount: 0 }, '2026-01-01').status).toBe('Behind');
  });

  it('a lower-is-better sum is reached only once its period is over', () => {
    const lower = { ...base, higherIsBetter: false, sumHundredths: 10_000n };
    expect(computeObjective(lower, LAST_DAY).status).not.toBe('Achieved');
    expect(computeObjective(lower, '2026-01-11').status).toBe('Achieved');
  });
});

describe('expected value and elapsed days at the edges', () => {
  it('expects a share of the target by days begun, rounded at a half', () => {
    // 1 of 10 days: 100 × 1/10 = 10; with a target of 0.05, 0.005 rounds to 0.01.
    expect(computeObjective({ ...base, sumHundredths: 0n }, '2026-01-01').expectedHundredths).toBe(1_000n);
    expect(computeObjective({ ...base, targetHundredths: 5n }, '2026-01-01').expectedHundredths).toBe(1n);
    expect(computeObjective({ ...base, targetHundredths: 4n }, '2026-01-01').expectedHundredths).toBe(0n);
  });

  it('counts the first and the last day and clamps before and after', () => {
    expect(elapsedDays('2026-01-01', '2026-01-10', '2025-12-31')).toEqual({ elapsed: 0n, total: 10n });
    expect(elapsedDays('2026-01-01', '2026-01-10', '2026-01-01')).toEqual({ elapsed: 1n, total: 10n });
    expect(elapsedDays('2026-01-01', '2026-01-10', '2026-01-10')).toEqual({ elapsed: 10n, total: 10n });
    expect(elapsedDays('2026-01-01', '2026-01-10', '2026-01-11')).toEqual({ elapsed: 10n, total: 10n });
    // Across February of a leap year.
    expect(elapsedDays('2028-02-28', '2028-03-01', '2028-03-01')).toEqual({ elapsed: 3n, total: 3n });
  });

  it('expects all of a latest-value target from the first day', () => {
    const latest = { ...base, aggregation: 2 as const };
    expect(computeObjective(latest, '2026-01-01').expectedHundredths).toBe(10_000n);
  });

  it('reads a numeric with a plus sign, one decimal, more than two decimals and spaces', () => {
    expect(toHundredths('+1.5')).toBe(150n);
    expect(toHundredths(' 2.345 ')).toBe(234n);
    expect(toHundredths('.5')).toBe(50n);
    expect(toHundredths('')).toBe(0n);
    expect(toHundredths(undefined)).toBe(0n);
    expect(toHundredths(3)).toBe(300n);
  });
});
