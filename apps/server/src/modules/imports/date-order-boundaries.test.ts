import { describe, expect, it } from 'vitest';
import { guessDateOrder } from './date-order.ts';

// The date-order guess (issue 28 B6) at its edges: 12 and 13 in either position, a date that reads
// the same either way, and texts that are no slash date.
describe('guessing the date order at its edges', () => {
  it('reads day first from 13/12/2026: 13 first, 12 second', () => {
    expect(guessDateOrder(['13/12/2026'])).toEqual({ order: 'DayFirst', note: 'Read day first: 13/12/2026 has 13 in the first position.' });
  });

  it('reads month first from 12/13/2026: 12 first, 13 second', () => {
    expect(guessDateOrder(['12/13/2026'])).toEqual({
      order: 'MonthFirst',
      note: 'Read month first: 12/13/2026 has 13 in the second position.',
    });
  });

  it('needs no note when every date reads the same either way (05/05/2026, 12/12/2026)', () => {
    expect(guessDateOrder(['05/05/2026', '12/12/2026'])).toEqual({ order: 'MonthFirst', note: null });
  });

  it('names 12/05/2026 and 05/12/2026 as reading either way: 12 is still a month in the first and in the second place', () => {
    for (const text of ['12/05/2026', '05/12/2026']) {
      const guess = guessDateOrder([text]);
      expect(guess.order).toBe('MonthFirst');
      expect(guess.note).toMatch(new RegExp(`^Dates like ${text} read either way`));
    }
  });

  it('finds no order, and names no ambiguity, in 13/14/2026 and 14/13/2026 (past 12 in both places)', () => {
    for (const text of ['13/14/2026', '14/13/2026']) expect(guessDateOrder([text])).toEqual({ order: 'MonthFirst', note: null });
  });

  it('finds no order in dates past 12 in both places (13/13/2026)', () => {
    expect(guessDateOrder(['13/13/2026'])).toEqual({ order: 'MonthFirst', note: null });
  });

  it('reads month first, with the whole note, when the dates disagree', () => {
    expect(guessDateOrder(['13/01/2026', '01/13/2026', '14/02/2026'])).toEqual({
      order: 'MonthFirst',
      note: 'The dates disagree: 13/01/2026 reads only day first, 01/13/2026 only month first. Read month first; choose the order, or fix the rows that do not fit.',
    });
  });

  it('reads month first without a note when no cell holds a date it can judge', () => {
    expect(guessDateOrder([])).toEqual({ order: 'MonthFirst', note: null });
    expect(guessDateOrder([null, '', 'Mar 4, 2026', 'ref 2026-03-04'])).toEqual({ order: 'MonthFirst', note: null });
  });

  it('lets slash dates decide over ISO dates in the same column', () => {
    expect(guessDateOrder(['2026-03-04', '15/03/2026'])).toEqual({
      order: 'DayFirst',
      note: 'Read day first: 15/03/2026 has 15 in the first position.',
    });
    expect(guessDateOrder(['2026-3-4'])).toEqual({ order: 'YearFirst', note: null });
  });
});
