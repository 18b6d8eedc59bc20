import { type DateOrder, parseDate, SLASH_DATE } from './cell-values.ts';

/**
 * The date order a file's dates were written in (issue 28 B6), and a note naming what it rests on:
 * a number over 12 in the first position can only be a day (15/03/2026: day first); over 12 in the
 * second, only month first. Dates that read either way are named as ambiguous; month first (US) then.
 */
export const guessDateOrder = (texts: readonly (string | null)[]): { order: DateOrder; note: string | null } => {
  let dayFirst: string | null = null;
  let monthFirst: string | null = null;
  let either: string | null = null;
  let slashDates = 0;
  let isoDates = 0;
  for (const text of texts) {
    if (!text) continue;
    const match = text.match(SLASH_DATE);
    if (!match) {
      if (/^\d{4}-\d{1,2}-\d{1,2}/.test(text)) isoDates += 1;
      continue;
    }
    slashDates += 1;
    const [first, second] = [Number(match[1]), Number(match[2])];
    if (first > 12 && second <= 12) dayFirst ??= text;
    else if (second > 12 && first <= 12) monthFirst ??= text;
    else if (first <= 12 && second <= 12 && first !== second) either ??= text;
  }
  if (slashDates === 0) return { order: isoDates > 0 ? 'YearFirst' : 'MonthFirst', note: null };
  if (dayFirst && monthFirst)
    return {
      order: 'MonthFirst',
      note: `The dates disagree: ${dayFirst} reads only day first, ${monthFirst} only month first. Read month first; choose the order, or fix the rows that do not fit.`,
    };
  if (dayFirst) return { order: 'DayFirst', note: `Read day first: ${dayFirst} has ${dayFirst.split('/')[0]} in the first position.` };
  if (monthFirst)
    return { order: 'MonthFirst', note: `Read month first: ${monthFirst} has ${monthFirst.split('/')[1]} in the second position.` };
  if (either) {
    const read = parseDate(either, 'MonthFirst');
    const shown = 'value' in read ? read.value : either;
    return {
      order: 'MonthFirst',
      note: `Dates like ${either} read either way (no number over 12 tells): read month first, ${either} is ${shown}. Choose Day first if the file is day first.`,
    };
  }
  return { order: 'MonthFirst', note: null };
};
