/** A month key, YYYY-MM. */
export type MonthKey = string;

/** Every month (YYYY-MM) from the month of `startDate` to the month of `endDate`, inclusive; none when the end is before the start. */
export const monthsBetween = (startDate: string, endDate: string): MonthKey[] => {
  const months: MonthKey[] = [];
  let year = Number(startDate.slice(0, 4));
  let month = Number(startDate.slice(5, 7));
  const last = endDate.slice(0, 7);
  // A guard against malformed dates: a plan is never longer than 100 years.
  for (let guard = 0; guard < 1200; guard += 1) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    if (key > last) break;
    months.push(key);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return months;
};

/**
 * The one spreading rule (DESIGN.md §5): `total` cents split evenly over `parts`; the leftover
 * cents go one each to the first parts, so the parts differ by at most one cent and sum exactly.
 * The spending report spreads unphased budget with it and the phasing grid's "Spread evenly" too.
 */
export const spreadCents = (total: number, parts: number): number[] => {
  if (parts <= 0) return [];
  const base = Math.trunc(total / parts);
  const remainder = total - base * parts;
  return Array.from({ length: parts }, (_, index) => base + (index < Math.abs(remainder) ? Math.sign(remainder) : 0));
};

/** `total` cents spread over the given months by the one spreading rule, as [month, cents] pairs. */
export const spreadOverMonths = (total: number, months: readonly MonthKey[]): [MonthKey, number][] => {
  const parts = spreadCents(total, months.length);
  return months.map((month, index) => [month, parts[index] ?? 0]);
};
