import { describe, expect, it } from 'vitest';
import { computeObjective, elapsedDays, ratio4, roundDiv, toHundredths } from './objective-formulas.ts';

const base = {
  metricType: 1 as const,
  aggregation: 1 as const,
  higherIsBetter: true,
  targetHundredths: 10_000n, // 100
  startDate: '2026-01-01',
  endDate: '2026-01-10',
  resultCount: 1,
  sumHundredths: 0n,
  latestHundredths: 0n,
  spentCents: 0n,
};

describe('objective formulas', () => {
  it('reads SQL numerics as exact hundredths', () => {
    expect(toHundredths('123.45')).toBe(12_345n);
    expect(toHundredths('0.5')).toBe(50n);
    expect(toHundredths('-7.05')).toBe(-705n);
    expect(toHundredths('42')).toBe(4_200n);
    expect(toHundredths(null)).toBe(0n);
  });

  it('rounds half away from zero', () => {
    expect(roundDiv(5n, 2n)).toBe(3n);
    expect(roundDiv(-5n, 2n)).toBe(-3n);
    expect(roundDiv(4n, 3n)).toBe(1n);
    expect(ratio4(-1n, 3n)).toBe(-0.3333);
  });

  it('counts today as begun and clamps to the objective’s days', () => {
    expect(elapsedDays('2026-01-01', '2026-01-10', '2026-01-01')).toEqual({ elapsed: 1n, total: 10n });
    expect(elapsedDays('2026-01-01', '2026-01-10', '2025-12-31')).toEqual({ elapsed: 0n, total: 10n });
    expect(elapsedDays('2026-01-01', '2026-01-10', '2026-02-01')).toEqual({ elapsed: 10n, total: 10n });
  });

  it('puts the pace thresholds at exactly 95 % and 80 % of expected', () => {
    // Day 5 of 10: expected 50.
    const at = (actual: bigint) => computeObjective({ ...base, sumHundredths: actual }, '2026-01-05').status;
    expect(at(4_750n)).toBe('OnTrack'); // 47.50 = 95 %
    expect(at(4_749n)).toBe('AtRisk');
    expect(at(4_000n)).toBe('AtRisk'); // 40.00 = 80 %
    expect(at(3_999n)).toBe('Behind');
    expect(at(10_000n)).toBe('Achieved');
  });

  it('judges lower-is-better sums against pace until the end, and achieved only after it', () => {
    const lower = { ...base, higherIsBetter: false };
    // Day 5 of 10: expected 50; 52.00 spent is within 95 % (50 ÷ 52 = 0.96).
    expect(computeObjective({ ...lower, sumHundredths: 5_200n }, '2026-01-05')).toMatchObject({ status: 'OnTrack', attainment: 1.9231 });
    expect(computeObjective({ ...lower, sumHundredths: 7_000n }, '2026-01-05').status).toBe('Behind'); // 50 ÷ 70 = 0.71
    expect(computeObjective({ ...lower, sumHundredths: 9_000n }, '2026-01-11').status).toBe('Achieved');
    expect(computeObjective({ ...lower, sumHundredths: 0n, resultCount: 0 }, '2026-01-05')).toMatchObject({
      status: 'Behind',
      attainment: null,
    });
  });

  it('prices results only for count metrics with a non-zero actual', () => {
    expect(computeObjective({ ...base, sumHundredths: 300n, spentCents: 1_000n }, '2026-01-05').costPerResultCents).toBe(333n); // $10 ÷ 3
    expect(computeObjective({ ...base, sumHundredths: 0n, spentCents: 1_000n }, '2026-01-05').costPerResultCents).toBeNull();
    expect(
      computeObjective({ ...base, metricType: 2, sumHundredths: 300n, spentCents: 1_000n }, '2026-01-05').costPerResultCents,
    ).toBeNull();
  });
});
