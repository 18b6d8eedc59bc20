import type { MoneyTotals } from '@plansmith/contract';
import { leftToPlanCents, toDollars } from '../../lib/money.ts';

/** Money sums of a set of budget items, in cents, as SQL answers them (bigint may arrive as string). */
export type CentsSums = {
  budget: number | string | bigint | null;
  actual: number | string | bigint | null;
  committed: number | string | bigint | null;
  planned: number | string | bigint | null;
  itemCount: number | string | bigint | null;
};

/** Burn rate = actual ÷ budget; a zero budget burns at 0 (SPEC.md §9 shows it as a whole percent). */
export const burnRate = (actualCents: number, budgetCents: number): number => (budgetCents > 0 ? actualCents / budgetCents : 0);

export const toMoneyTotals = (sums: CentsSums): MoneyTotals => {
  const budget = Number(sums.budget ?? 0);
  const actual = Number(sums.actual ?? 0);
  const committed = Number(sums.committed ?? 0);
  const planned = Number(sums.planned ?? 0);
  return {
    Budget: toDollars(budget),
    Actual: toDollars(actual),
    Committed: toDollars(committed),
    Planned: toDollars(planned),
    Available: toDollars(budget - committed - actual),
    LeftToPlan: toDollars(leftToPlanCents({ budget, planned, committed, actual })),
    BurnRate: burnRate(actual, budget),
    ItemCount: Number(sums.itemCount ?? 0),
  };
};

export const EMPTY_SUMS: CentsSums = { budget: 0, actual: 0, committed: 0, planned: 0, itemCount: 0 };
