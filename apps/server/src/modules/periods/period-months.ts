import type { MonthKey } from '@plansmith/contract';

/** "March 2026": how the closed-month trigger (migration 1021) and every close message name a month. */
export const longMonth = (month: MonthKey): string =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The month after `month` (YYYY-MM). */
export const nextMonthOf = (month: MonthKey): MonthKey => {
  const year = Number(month.slice(0, 4));
  const index = Number(month.slice(5, 7));
  return index === 12 ? `${year + 1}-01` : `${year}-${String(index + 1).padStart(2, '0')}`;
};

/** The month before `month` (YYYY-MM). */
export const previousMonthOf = (month: MonthKey): MonthKey => {
  const year = Number(month.slice(0, 4));
  const index = Number(month.slice(5, 7));
  return index === 1 ? `${year - 1}-12` : `${year}-${String(index - 1).padStart(2, '0')}`;
};

/** "April 1, 2026": the first day of the month after `month`, when it may close. */
export const firstDayAfter = (month: MonthKey): string =>
  new Date(`${nextMonthOf(month)}-01T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
