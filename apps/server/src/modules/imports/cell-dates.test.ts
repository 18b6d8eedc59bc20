import { describe, expect, it } from 'vitest';
import { parseDate } from './cell-values.ts';
import { guessDateOrder } from './date-order.ts';

// Issue 28 B6: the date order decides which number of 03/04/2026 is the month; a date that is real
// the other way round is a wrong order, never "not a real date".

describe('a slash date read by the date order', () => {
  it.each([
    ['12/13/2026', 'MonthFirst', '2026-12-13'],
    ['13/12/2026', 'DayFirst', '2026-12-13'],
    ['12/12/2026', 'MonthFirst', '2026-12-12'],
    ['12/12/2026', 'DayFirst', '2026-12-12'],
    ['03/04/2026', 'MonthFirst', '2026-03-04'],
    ['03/04/2026', 'DayFirst', '2026-04-03'],
    ['31/12/2027', 'DayFirst', '2027-12-31'],
    ['12/31/2027', 'MonthFirst', '2027-12-31'],
    ['02/29/2028', 'MonthFirst', '2028-02-29'],
    ['29/02/2028', 'DayFirst', '2028-02-29'],
    ['2026-03-04', 'YearFirst', '2026-03-04'],
    ['2026-03-04', 'DayFirst', '2026-03-04'],
  ] as const)('reads %s %s as %s', (text, order, date) => {
    expect(parseDate(text, order)).toEqual({ value: date });
  });

  it('names the order, not the date, when 13 sits in the month’s place (13/12/2026 month first)', () => {
    expect(parseDate('13/12/2026', 'MonthFirst')).toEqual({
      error: '13/12/2026 has 13 where the month goes: read day first it is 2026-12-13. Choose Day first as the date order.',
    });
  });

  it('never calls 31/12/2027 “not a real date”, whichever order is chosen', () => {
    const monthFirst = parseDate('31/12/2027', 'MonthFirst');
    expect(monthFirst).toEqual({
      error: '31/12/2027 has 31 where the month goes: read day first it is 2027-12-31. Choose Day first as the date order.',
    });
    expect(parseDate('12/31/2027', 'DayFirst')).toEqual({
      error: '12/31/2027 has 31 where the month goes: read month first it is 2027-12-31. Choose Month first as the date order.',
    });
  });

  it('calls February 29 of a year that is not a leap year not a real date, either way round', () => {
    expect(parseDate('02/29/2027', 'MonthFirst')).toEqual({ error: '02/29/2027 is not a real date.' });
    expect(parseDate('29/02/2027', 'DayFirst')).toEqual({ error: '29/02/2027 is not a real date.' });
    expect(parseDate('02/29/2028', 'MonthFirst')).toEqual({ value: '2028-02-29' });
  });

  it('asks for month or day first when the order is year first and the date has slashes', () => {
    expect(parseDate('03/04/2026', 'YearFirst')).toEqual({
      error: '03/04/2026 is not year first (YYYY-MM-DD): choose Month first or Day first as the date order.',
    });
  });
});

describe('guessing the date order from the file', () => {
  it('reads day first when a 13–31 stands in the first position', () => {
    expect(guessDateOrder(['02/03/2026', '13/01/2026', null])).toEqual({
      order: 'DayFirst',
      note: 'Read day first: 13/01/2026 has 13 in the first position.',
    });
    expect(guessDateOrder(['12/01/2026']).order).toBe('MonthFirst');
  });

  it('reads month first when a 13–31 stands in the second position', () => {
    expect(guessDateOrder(['01/13/2026'])).toEqual({
      order: 'MonthFirst',
      note: 'Read month first: 01/13/2026 has 13 in the second position.',
    });
  });

  it('names the ambiguity when no date tells', () => {
    expect(guessDateOrder(['03/04/2026', '05/05/2026'])).toEqual({
      order: 'MonthFirst',
      note: 'Dates like 03/04/2026 read either way (no number over 12 tells): read month first, 03/04/2026 is 2026-03-04. Choose Day first if the file is day first.',
    });
  });

  it('says when the dates disagree', () => {
    expect(guessDateOrder(['13/01/2026', '01/13/2026']).note).toContain(
      'The dates disagree: 13/01/2026 reads only day first, 01/13/2026 only month first.',
    );
  });

  it('takes ISO dates as year first, and needs no note', () => {
    expect(guessDateOrder(['2026-03-04', '2026-12-31'])).toEqual({ order: 'YearFirst', note: null });
  });
});
