import { spreadOverMonths, toCents, toDollars } from '@plansmith/contract';

/**
 * The grid's "Spread evenly": the amount over the months by the contract's one spreading rule
 * (leftover cents one each to the first months), the split the spending report uses for an item
 * without phasing. Dollars by month, as the grid holds them.
 */
export const spreadEvenly = (amount: number, months: readonly string[], digits = 2): Record<string, number> =>
  digits === 2
    ? Object.fromEntries(spreadOverMonths(toCents(amount), months).map(([month, cents]) => [month, toDollars(cents)]))
    : // An item in a currency with other minor units (JPY 0, KWD 3; DESIGN.md §17) spreads in its own.
      Object.fromEntries(
        spreadOverMonths(Math.round(amount * 10 ** digits), months).map(([month, minor]) => [month, minor / 10 ** digits]),
      );
