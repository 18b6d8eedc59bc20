// Money at its boundaries (issue 28 A7): values inexact in binary (19.99 × 100 is 1998.9999999999998,
// so Math.floor would make it 1998), three decimals, and the limits.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MoneySchema, NonNegativeMoneySchema } from './common.ts';
import { MAX_MONEY } from './constants.ts';
import { sumCents, toCents, toDollars } from './money.ts';

const INEXACT = [19.99, 0.29, 0.07, 1.15, 4.35, 8.2, 9.95, 0.57, 1.13, 1234567.89, 99_999_999.99] as const;

describe('money on the wire', () => {
  it.each(INEXACT)('turns %s dollars into exactly its cents and back', (dollars) => {
    const cents = toCents(dollars);
    expect(cents).toBe(Number(dollars.toFixed(2).replace('.', '')));
    expect(toDollars(cents)).toBe(dollars);
    expect(MoneySchema.safeParse(dollars).success).toBe(true);
    expect(MoneySchema.safeParse(-dollars).success).toBe(true);
  });

  it('turns $19.99 into 1999 cents, not 1998', () => {
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(-19.99)).toBe(-1999);
    expect(toCents(0.29)).toBe(29);
  });

  it('accepts any whole number of cents up to the limit, and nothing over it', () => {
    fc.assert(
      fc.property(fc.integer({ min: -MAX_MONEY * 100, max: MAX_MONEY * 100 }), (cents) => {
        const dollars = cents / 100;
        expect(toCents(dollars)).toBe(cents);
        expect(MoneySchema.safeParse(dollars).success).toBe(true);
      }),
      { numRuns: 2_000 },
    );
    expect(MoneySchema.safeParse(MAX_MONEY).success).toBe(true);
    expect(MoneySchema.safeParse(-MAX_MONEY).success).toBe(true);
    expect(MoneySchema.safeParse(MAX_MONEY + 0.01).success).toBe(false);
    expect(MoneySchema.safeParse(-MAX_MONEY - 0.01).success).toBe(false);
  });

  it.each([1.005, 0.001, 19.999, 0.015, 1234.565, 0.0001])('refuses %s: at most 2 decimals', (dollars) => {
    const result = MoneySchema.safeParse(dollars);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Amount can have at most 2 decimals.');
  });

  it('refuses a third decimal anywhere in the range', () => {
    fc.assert(
      fc.property(fc.integer({ min: -MAX_MONEY * 100, max: MAX_MONEY * 100 - 1 }), fc.integer({ min: 1, max: 9 }), (cents, tenth) => {
        const dollars = Number(
          `${cents < 0 ? '-' : ''}${Math.trunc(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}${tenth}`,
        );
        expect(MoneySchema.safeParse(dollars).success).toBe(false);
      }),
      { numRuns: 2_000 },
    );
  });

  it('refuses what is not a finite number, and a negative amount where one is not allowed', () => {
    for (const value of [Number.NaN, Number.POSITIVE_INFINITY, '19.99', null]) expect(MoneySchema.safeParse(value).success).toBe(false);
    expect(NonNegativeMoneySchema.safeParse(0).success).toBe(true);
    expect(NonNegativeMoneySchema.safeParse(-0.01).success).toBe(false);
  });

  it('adds amounts inexact in binary exactly, through cents', () => {
    // 0.1 + 0.2 is 0.30000000000000004; 980.01 + 19.99 is 1000.0000000000001.
    expect(sumCents([0.1, 0.2])).toBe(30);
    expect(sumCents([980.01, 19.99])).toBe(100_000);
    expect(sumCents([19.99, null, undefined, -19.99])).toBe(0);
    expect(toDollars(null)).toBe(0);
    expect(toDollars(undefined)).toBe(0);
    expect(toDollars('1999')).toBe(19.99);
    expect(toDollars(1999n)).toBe(19.99);
  });
});
