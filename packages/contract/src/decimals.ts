/**
 * The one "at most N decimals" rule (money, counts and objective values: 2; conversion rates: 4),
 * used by the contract's schemas, the server and the web forms alike. A tolerance absorbs binary
 * floating point: 19.99 × 100 is 1998.9999999999998, and 19.99 has two decimals.
 */
export const hasAtMostDecimals = (value: number, places: number): boolean => {
  const scaled = value * 10 ** places;
  // The tolerance grows with the value: near MAX_MONEY a cent's float error is ~1e-4 (a fixed 1e-6
  // refused $9,999,900,935.20); a third decimal is ≥ 0.1 away at every size the contract allows.
  return Number.isFinite(scaled) && Math.abs(Math.round(scaled) - scaled) < Math.max(1e-6, Math.abs(scaled) * 4 * Number.EPSILON);
};

/** Whole cents, whole hundredths of a count: at most 2 decimals. */
export const hasAtMostTwoDecimals = (value: number): boolean => hasAtMostDecimals(value, 2);
