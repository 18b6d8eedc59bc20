import { describe, expect, it } from 'vitest';
import { monthNumber, nameKey, parseDate, parseMoney, parseMonthHeader, unescapeFormula } from './cell-values.ts';

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

// Issue 28 A7 (mutation testing): the cell parsers at the edges of what they accept. Each refusal
// below is a near miss of a readable cell (an extra digit, a prefix, a suffix), which a parser that
// lost an anchor or a quantifier would read as a value.
describe('amounts in cells at their edges', () => {
  it.each([
    ['12.345.678', 1_234_567_800],
    ['US$ 5', 500],
    ['€1.234,50', 123_450],
    ["1'234.50", 123_450],
  ])('reads %s as %i cents', (text, cents) => {
    expect(parseMoney(text)).toEqual({ value: cents });
  });

  it.each(['12.3a', '12.5x', '1,2.5.0'])('refuses %s as not an amount', (text) => {
    expect(parseMoney(text)).toEqual({ error: `“${text}” is not an amount.` });
  });
});

describe('dates in cells at their edges', () => {
  it.each([
    ['2026-03-15 10:30', '2026-03-15'],
    ['2026/3/15', '2026-03-15'],
    ['46096.75', '2026-03-15'],
    ['61', '1900-03-01'],
    ['2958465', '9999-12-31'],
    ['Sept. 15, 2026', '2026-09-15'],
    ['5 Dec 2026', '2026-12-05'],
  ])('reads %s as %s', (text, date) => {
    expect(parseDate(text)).toEqual({ value: date });
  });

  it.each(['60', '2958466', '0026-03-15', '2026-13-01', '2026-00-10', '2026-02-30', '15.13.2026', 'Foo 15, 2026', '15-Foo-2026'])(
    'calls %s not a real date',
    (text) => {
      expect(parseDate(text)).toEqual({ error: `${text} is not a real date.` });
    },
  );

  it.each([
    '12026-03-15',
    '2026-03-155',
    '115.03.2026',
    '15.03.20261',
    '1Mar 15, 2026',
    'Mar 15, 20261',
    '115-Mar-2026',
    '15-Mar-20261',
    '103/15/2026',
    '3/15/20261',
    'x46096',
    'soon',
  ])('refuses %s as not a date', (text) => {
    expect(parseDate(text)).toEqual({
      error: `“${text}” is not a date. Use YYYY-MM-DD, or MM/DD/YYYY or DD/MM/YYYY as the date order says.`,
    });
  });
});

describe('month names', () => {
  it.each([
    ['January', 1],
    ['Feb', 2],
    ['March', 3],
    ['Apr.', 4],
    ['May', 5],
    ['June', 6],
    ['Jul', 7],
    ['August', 8],
    ['Sept', 9],
    ['October', 10],
    ['Nov', 11],
    ['DECEMBER', 12],
  ])('reads %s as month %i', (name, month) => {
    expect(monthNumber(name)).toBe(month);
  });

  it.each(['Foo', 'Sep1', 'Mar-Apr', 'Ma', ''])('reads %s as no month', (name) => {
    expect(monthNumber(name)).toBeNull();
  });
});

describe('month headers at their edges', () => {
  it.each([
    ['2026-12', '2026-12'],
    ['1/2026', '2026-01'],
    ['12/2026', '2026-12'],
    ["Jan '26", '2026-01'],
    ['Dec. 2026', '2026-12'],
    ['  Mar 2026  ', '2026-03'],
  ])('reads %s as %s', (text, month) => {
    expect(parseMonthHeader(text)).toBe(month);
  });

  it.each([
    '2026-00',
    '2026-01-15',
    '12026-01',
    '2026-011',
    '0/2026',
    '13/2026',
    '101/2026',
    '01/20261',
    '1Jan 2026',
    'Jan 20261',
    'Total 2026',
  ])('is not fooled by %s', (text) => {
    expect(parseMonthHeader(text)).toBeNull();
  });
});

describe('names compared the way people mean them', () => {
  it('ignores case, surrounding spaces and repeated spaces, but not the words', () => {
    expect(nameKey('  Paid \t  Search  ')).toBe('paid search');
    expect(nameKey('Paid Search')).toBe(nameKey('paid  search'));
    expect(nameKey('PaidSearch')).not.toBe(nameKey('Paid Search'));
  });

  it('keeps a quote inside the text: only a leading one before a formula sign goes', () => {
    expect(unescapeFormula("a'=1")).toBe("a'=1");
    expect(unescapeFormula("'\t1")).toBe('\t1');
  });
});
