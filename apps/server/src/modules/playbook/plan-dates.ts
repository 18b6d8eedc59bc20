// Moving a plan to new dates by whole months (DESIGN.md §9): month i of the source becomes month i
// of the new plan. The SQL twin of shiftDate is shiftDateSql, so objectives move exactly like plans.
import { type SQL, sql } from 'drizzle-orm';

const DAY_MS = 86_400_000;

const parts = (date: string) => ({ year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)), day: Number(date.slice(8, 10)) });
const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const format = (year: number, month: number, day: number) =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** Months from the month of `from` to the month of `to` (negative when `to` is earlier). */
export const monthOffset = (from: string, to: string): number => {
  const a = parts(from);
  const b = parts(to);
  return (b.year - a.year) * 12 + (b.month - a.month);
};

/** Calendar months a plan touches, its first and last month included. */
export const durationInMonths = (startDate: string, endDate: string): number => monthOffset(startDate, endDate) + 1;

/**
 * `date` moved by `months`: the same day of the month, clamped to the target month's length; the
 * last day of a month stays the last day (2026-02-28 + 1 → 2026-03-31), so a plan that ends with a
 * month still does.
 */
export const shiftDate = (date: string, months: number): string => {
  const { year, month, day } = parts(date);
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  const last = daysInMonth(targetYear, targetMonth);
  const wasLast = day === daysInMonth(year, month);
  return format(targetYear, targetMonth, wasLast ? last : Math.min(day, last));
};

export const addDays = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * The new plan's dates: it starts on `startDate` and ends where the source's end lands when moved
 * by the same month offset. A source shorter than a month whose end would land before the new start
 * keeps its length in days instead.
 */
export const movedPlanDates = (source: { startDate: string; endDate: string }, startDate: string) => {
  const offset = monthOffset(source.startDate, startDate);
  const shiftedEnd = shiftDate(source.endDate, offset);
  const lengthInDays = Math.round((Date.parse(source.endDate) - Date.parse(source.startDate)) / DAY_MS);
  const endDate = shiftedEnd >= startDate ? shiftedEnd : addDays(startDate, lengthInDays);
  return { offset, startDate, endDate };
};

/** shiftDate in SQL, for a date column or expression; `months` is bound as a parameter. */
export const shiftDateSql = (date: SQL, months: number): SQL => sql`(CASE
  WHEN ${date} = (date_trunc('month', ${date}) + interval '1 month' - interval '1 day')::date
    THEN (date_trunc('month', ${date}) + (${months}::int + 1) * interval '1 month' - interval '1 day')::date
  ELSE (${date} + ${months}::int * interval '1 month')::date
END)`;
