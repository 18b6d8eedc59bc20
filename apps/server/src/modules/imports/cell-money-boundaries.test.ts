// Import cells with amounts at their boundaries (issue 28 A7): values inexact in binary are read as
// exact cents from their digits, never through floating point; three decimals and the limit refused.
import { MAX_MONEY } from '@plansmith/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseMoney } from './cell-values.ts';

describe('parseMoney at the boundaries', () => {
  it.each([
    ['19.99', 1999],
    ['$19.99', 1999],
    ['0.29', 29],
    ['.29', 29],
    ['1.15', 115],
    ['4.35', 435],
    ['8.2', 820],
    ['1,005.00', 100_500],
    ['1.005,00', 100_500],
    ['19,99', 1999],
    ['1.234.567', 123_456_700],
    ['USD 1 234,56', 123_456],
    ['+19.99', 1999],
    ['0', 0],
    ['10,000,000,000.00', MAX_MONEY * 100],
  ])('reads %s as %i cents', (text, cents) => {
    expect(parseMoney(text)).toEqual({ value: cents });
  });

  it.each([
    ['1.005', '1.005 has more than 2 decimals.'],
    ['19.999', '19.999 has more than 2 decimals.'],
    ['10,000,000,000.01', 'Amount is too large.'],
    ['(19.99)', 'Amount cannot be negative.'],
    ['-0.01', 'Amount cannot be negative.'],
    ['', '“” is not an amount.'],
    ['1.2.3', '“1.2.3” is not an amount.'],
    ['12,34,56', '“12,34,56” is not an amount.'],
    ['abc', '“abc” is not an amount.'],
  ])('refuses %s', (text, error) => {
    expect(parseMoney(text)).toEqual({ error });
  });

  it('reads any whole number of cents written with two decimals exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_MONEY * 100 }), (cents) => {
        const text = `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
        expect(parseMoney(text)).toEqual({ value: cents });
        expect(parseMoney(`$${Number(Math.trunc(cents / 100)).toLocaleString('en-US')}.${String(cents % 100).padStart(2, '0')}`)).toEqual({
          value: cents,
        });
      }),
      { numRuns: 1_000 },
    );
  });
});
