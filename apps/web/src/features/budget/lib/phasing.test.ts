import { describe, expect, it } from 'vitest';
import { monthsBetween, spreadEvenly, sumCents } from './phasing.ts';

describe('monthly phasing helpers', () => {
  it('lists the months of a plan across a year end', () => {
    expect(monthsBetween('2026-11-21', '2027-02-01')).toEqual(['2026-11', '2026-12', '2027-01', '2027-02']);
  });

  it('spreads an amount so that the months add up to it exactly', () => {
    const spread = spreadEvenly(100, ['2026-01', '2026-02', '2026-03']);
    expect(spread).toEqual({ '2026-01': 33.33, '2026-02': 33.33, '2026-03': 33.34 });
    expect(sumCents(Object.values(spread))).toBe(10_000);
  });
});
