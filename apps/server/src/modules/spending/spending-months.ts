import type { SpendingMonth } from '@plansmith/contract';
import { toDollars } from '../../lib/money.ts';
import type { MonthSpend, PhasedBudget } from './spending.repository.ts';

/** Every YYYY-MM from the month of `start` to the month of `end`, inclusive. */
export const monthsBetween = (start: string, end: string): string[] => {
  const months: string[] = [];
  let year = Number(start.slice(0, 4));
  let month = Number(start.slice(5, 7));
  const last = end.slice(0, 7);
  for (let guard = 0; guard < 1200; guard += 1) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    months.push(key);
    if (key >= last) break;
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return months;
};

/** Splits cents evenly over n parts; the leftover cents go to the first parts, so the parts sum exactly. */
export const spreadCents = (total: number, parts: number): number[] => {
  if (parts <= 0) return [];
  const base = Math.trunc(total / parts);
  const remainder = total - base * parts;
  return Array.from({ length: parts }, (_, index) => base + (index < Math.abs(remainder) ? Math.sign(remainder) : 0));
};

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
 * The plan's months with the phased budget (items without phasing spread evenly over the plan's
 * months) against planned, committed and actual spend, and the cumulative lines. Months holding
 * expenses outside the plan's dates are included too.
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
  const keys = [...new Set([...planMonths, ...budgetByMonth.keys(), ...spendByMonth.keys()])].sort();
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
