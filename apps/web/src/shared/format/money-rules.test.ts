// The web's money checks with values inexact in binary (issue 28 A7): 19.99 × 100 is
// 1998.9999999999998, so a check or a conversion through Math.floor refuses or shortens $19.99.
import { MAX_MONEY, toCents } from '@plansmith/contract';
import { describe, expect, it } from 'vitest';
import { parseDollars } from '../../features/budget/lib/budget-rows.ts';
import { moneyProblem } from './money-rules.ts';

const INEXACT = [19.99, 0.29, 0.07, 1.15, 4.35, 8.2, 9.95, 0.57, 1234567.89, 9_999_900_935.2];

describe('moneyProblem', () => {
  it.each(INEXACT)('accepts %s', (dollars) => {
    expect(moneyProblem(dollars)).toBeNull();
    expect(moneyProblem(-dollars, { allowNegative: true })).toBeNull();
  });

  it.each([1.005, 0.001, 19.999, 0.015])('refuses %s: whole cents only', (dollars) => {
    expect(moneyProblem(dollars)).toBe('Enter whole cents: at most 2 decimals (e.g. 123.45).');
  });

  it('accepts the limit and zero, and refuses a cent past the limit and a cent below zero', () => {
    expect(moneyProblem(MAX_MONEY)).toBeNull();
    expect(moneyProblem(0)).toBeNull();
    expect(moneyProblem(MAX_MONEY + 0.01)).toBe('The amount can be at most $10,000,000,000.00.');
    expect(moneyProblem(-0.01)).toBe('The amount cannot be negative: enter $0.00 or more.');
    expect(moneyProblem(-MAX_MONEY - 0.01, { allowNegative: true })).toBe('The amount can be at most $10,000,000,000.00.');
    expect(moneyProblem(Number.NaN)).toBe('Enter an amount in dollars, e.g. 1250.50.');
  });
});

describe('typed and pasted dollars', () => {
  it.each([
    ['19.99', 1999],
    ['$19.99', 1999],
    ['0.29', 29],
    ['$1,234,567.89', 123_456_789],
    ['4.35', 435],
    ['8.2', 820],
  ])('reads %s as %i cents', (text, cents) => {
    const parsed = parseDollars(text);
    expect(parsed).not.toHaveProperty('error');
    if ('value' in parsed) expect(toCents(parsed.value)).toBe(cents);
  });

  it('refuses 1.005 and text that is no amount', () => {
    expect(parseDollars('1.005')).toEqual({ error: 'Enter whole cents: at most 2 decimals (e.g. 123.45).' });
    expect(parseDollars('12abc')).toEqual({ error: 'Enter an amount in dollars, e.g. 1250.50.' });
  });
});
