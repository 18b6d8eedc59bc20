import { describe, expect, it } from 'vitest';
import { parseDate, parseMoney, parseMonthHeader, unescapeFormula } from './cell-values.ts';

describe('amounts in cells', () => {
  it.each([
    ['1234.56', 123456],
    ['$1,234.56', 123456],
    ['1,234', 123400],
    ['1,234,567.5', 123456750],
    ['1.234.567', 123456700],
    ['1.234,56', 123456],
    ['1 234,56', 123456],
    ['1\u00a0234.00', 123400],
    ['12,5', 1250],
    ['USD 99', 9900],
    ['0', 0],
    ['.5', 50],
  ])('reads %s as %i cents', (text, cents) => {
    expect(parseMoney(text)).toEqual({ value: cents });
  });

  it.each([
    ['12.345', 'more than 2 decimals'],
    ['-5', 'cannot be negative'],
    ['(12.00)', 'cannot be negative'],
    ['12,34,5', 'not an amount'],
    ['1.2.3,4,5', 'not an amount'],
    ['ten', 'not an amount'],
    ['99999999999', 'too large'],
  ])('refuses %s (%s)', (text, message) => {
    const result = parseMoney(text);
    expect('error' in result && result.error).toContain(message);
  });
});

describe('dates in cells', () => {
  it.each([
    ['2026-03-15', '2026-03-15'],
    ['2026-3-5', '2026-03-05'],
    ['2026-03-15T00:00:00.000Z', '2026-03-15'],
    ['3/15/2026', '2026-03-15'],
    ['3/15/26', '2026-03-15'],
    ['15.03.2026', '2026-03-15'],
    ['Mar 15, 2026', '2026-03-15'],
    ['March 15 2026', '2026-03-15'],
    ['15-Mar-2026', '2026-03-15'],
    ['15 Mar 26', '2026-03-15'],
    // Excel serials: 46096 is 2026-03-15, with or without a time fraction
    ['46096', '2026-03-15'],
    ['46096.5', '2026-03-15'],
    ['45658', '2025-01-01'],
  ])('reads %s as %s', (text, date) => {
    expect(parseDate(text)).toEqual({ value: date });
  });

  it.each(['2026-02-30', '13/01/2026', 'soon', '20260315'])('refuses %s', (text) => {
    expect('error' in parseDate(text)).toBe(true);
  });
});

describe('month headers', () => {
  it.each([
    ['2026-01', '2026-01'],
    ['2026-01-01', '2026-01'],
    ['Jan 2026', '2026-01'],
    ['September 2026', '2026-09'],
    ['Sep-26', '2026-09'],
    ['01/2026', '2026-01'],
  ])('reads %s as %s', (text, month) => {
    expect(parseMonthHeader(text)).toBe(month);
  });

  it.each(['Amount', '2026-13', 'Q1 2026'])('is not fooled by %s', (text) => {
    expect(parseMonthHeader(text)).toBeNull();
  });
});

describe('formula escapes', () => {
  it.each([
    ["'=SUM(A1)", '=SUM(A1)'],
    ["'+1", '+1'],
    ["'-Agency", '-Agency'],
    ["'@handle", '@handle'],
    ["'quoted'", "'quoted'"],
    ['plain', 'plain'],
  ])('un-escapes %s to %s', (text, plain) => {
    expect(unescapeFormula(text)).toBe(plain);
  });
});
