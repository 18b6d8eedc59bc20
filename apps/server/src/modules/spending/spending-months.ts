import { monthsBetween, type SpendingMonth, spreadCents, toDollars } from '@plansmith/contract';
import type { MonthSpend, PhasedBudget } from './spending.repository.ts';

/** How far through [start, end] the day `today` is, 0 before the start and 1 after the end. */
export const elapsedRatio = (start: string, end: string, today: string): number => {
  const day = 86_400_000;
  const from = Date.parse(`${start}T00:00:00Z`);
  const to = Date.parse(`${end}T00:00:00Z`) + day;
  const now = Date.parse(`${today}T00:00:00Z`) + day / 2;
  if (to <= from) return 1;
  return Math.min(1, Math.max(0, (now - from) / (to - from)));
};

/**
 * The plan's months with the phased budget against planned, committed and actual spend, and the
 * cumulative lines. Items without phasing are spread over the plan's months by the contract's one
 * spreading rule, the same split the phasing grid's "Spread evenly" shows. Months holding expenses
 * outside the plan's dates are included too, with the empty months between them and the plan.
 */
export const buildSpendingMonths = (
  plan: { startDate: string; endDate: string },
  budget: PhasedBudget,
  spend: MonthSpend[],
): SpendingMonth[] => {
  const planMonths = monthsBetween(plan.startDate, plan.endDate);
  const spread = spreadCents(budget.unphasedCents, planMonths.length);
  const budgetByMonth = new Map<string, number>(budget.months);
  planMonths.forEach((month, index) => {
    budgetByMonth.set(month, (budgetByMonth.get(month) ?? 0) + (spread[index] ?? 0));
  });
  const spendByMonth = new Map(spend.map((row) => [row.month, row]));
  const known = [...new Set([...planMonths, ...budgetByMonth.keys(), ...spendByMonth.keys()])].sort();
  // Every month from the first to the last, none skipped, so a chart spaces months evenly (DESIGN.md §12).
  const keys = known.length ? monthsBetween(`${known[0]}-01`, `${known[known.length - 1]}-01`) : [];
  let cumulativeBudget = 0;
  let cumulativeActual = 0;
  return keys.map((month) => {
    const budgeted = budgetByMonth.get(month) ?? 0;
    const row = spendByMonth.get(month);
    cumulativeBudget += budgeted;
    cumulativeActual += row?.actual ?? 0;
    return {
      Month: month,
      Budgeted: toDollars(budgeted),
      Planned: toDollars(row?.planned ?? 0),
      Committed: toDollars(row?.committed ?? 0),
      Actual: toDollars(row?.actual ?? 0),
      CumulativeBudgeted: toDollars(cumulativeBudget),
      CumulativeActual: toDollars(cumulativeActual),
    };
  });
};
