/** The months (YYYY-MM) from a plan's start date to its end date. */
export const monthsBetween = (startDate: string, endDate: string): string[] => {
  const months: string[] = [];
  let year = Number(startDate.slice(0, 4));
  let month = Number(startDate.slice(5, 7));
  const last = endDate.slice(0, 7);
  for (let guard = 0; guard < 240; guard += 1) {
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

/** An amount spread evenly over months, in cents; the last month takes the remainder so the sum is exact. */
export const spreadEvenly = (amount: number, months: readonly string[]): Record<string, number> => {
  const cents = Math.round(amount * 100);
  const share = months.length ? Math.floor(cents / months.length) : 0;
  return Object.fromEntries(
    months.map((month, index) => [month, (index === months.length - 1 ? cents - share * (months.length - 1) : share) / 100]),
  );
};

export const sumCents = (values: readonly (number | null | undefined)[]): number =>
  values.reduce<number>((sum, value) => sum + Math.round((value ?? 0) * 100), 0);
