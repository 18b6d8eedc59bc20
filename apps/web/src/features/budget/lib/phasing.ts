import { spreadOverMonths, toCents, toDollars } from '@plansmith/contract';

/**
 * The grid's "Spread evenly": the amount over the months by the contract's one spreading rule
 * (leftover cents one each to the first months), the split the spending report uses for an item
 * without phasing. Dollars by month, as the grid holds them.
 */
export const spreadEvenly = (amount: number, months: readonly string[]): Record<string, number> =>
  Object.fromEntries(spreadOverMonths(toCents(amount), months).map(([month, cents]) => [month, toDollars(cents)]));
