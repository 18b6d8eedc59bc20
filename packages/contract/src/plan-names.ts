const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

const parts = (date: string) => ({ year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)), day: Number(date.slice(8, 10)) });
const monthName = (month: number): string => MONTHS[month - 1] ?? '';
const lastDayOf = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * A plan's name that says its dates (issue 28 C4): "FY2027 plan" when it spans exactly one fiscal
 * year — twelve whole months from the 1st of a month, named by the year it ends in, as fiscal years
 * are — else its first and last months, e.g. "Plan Nov 2026 – Nov 2027".
 */
export const planNameForDates = (startDate: string, endDate: string): string => {
  const start = parts(startDate);
  const end = parts(endDate);
  const monthsApart = (end.year - start.year) * 12 + (end.month - start.month);
  const isFiscalYear = start.day === 1 && monthsApart === 11 && end.day === lastDayOf(end.year, end.month);
  if (isFiscalYear) return `FY${end.year} plan`;
  const first = `${monthName(start.month)} ${start.year}`;
  const last = `${monthName(end.month)} ${end.year}`;
  return first === last ? `Plan ${first}` : `Plan ${first} – ${last}`;
};
