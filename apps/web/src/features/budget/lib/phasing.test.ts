import { sumCents } from '@plansmith/contract';
import { describe, expect, it } from 'vitest';
import { spreadEvenly } from './phasing.ts';

describe('the phasing grid’s “Spread evenly”', () => {
  it('spreads an amount so that the months add up to it exactly, leftover cents to the first months', () => {
    const spread = spreadEvenly(100, ['2026-01', '2026-02', '2026-03']);
    expect(spread).toEqual({ '2026-01': 33.34, '2026-02': 33.33, '2026-03': 33.33 });
    expect(sumCents(Object.values(spread))).toBe(10_000);
  });
});
