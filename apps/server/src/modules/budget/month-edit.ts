import { type CurrencyCode, type MonthKey, spreadCents } from '@plansmith/contract';
import { formatCents } from './budget-rules.ts';

/** "Mar 2026": how the grid labels a month, so the toast and the activity read like the column. */
export const monthLabel = (month: MonthKey): string =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/**
 * Spreads `difference` cents over `months` of `cents` (changed in place) so that their sum changes
 * by exactly `difference`: evenly by the one spreading rule (leftover cents one each to the earliest
 * months). Taking away, no month goes below zero: a month that would is emptied and the rest is
 * spread again over the months that still hold money. Answers the months changed, or null when the
 * months hold less than there is to take away.
 */
export const spreadDifference = (cents: Map<MonthKey, number>, months: readonly MonthKey[], difference: number): MonthKey[] | null => {
  const changed = new Set<MonthKey>();
  if (difference >= 0) {
    if (difference > 0 && months.length === 0) return null;
    const shares = spreadCents(difference, months.length);
    for (const [index, month] of months.entries()) {
      const share = shares[index] ?? 0;
      if (share === 0) continue;
      cents.set(month, (cents.get(month) ?? 0) + share);
      changed.add(month);
    }
    return [...changed];
  }
  let left = difference;
  let holding = months.filter((month) => (cents.get(month) ?? 0) > 0);
  if (holding.reduce((sum, month) => sum + (cents.get(month) ?? 0), 0) < -left) return null;
  while (left < 0) {
    const shares = spreadCents(left, holding.length);
    const emptied = holding.filter((month, index) => (cents.get(month) ?? 0) + (shares[index] ?? 0) < 0);
    if (emptied.length === 0) {
      for (const [index, month] of holding.entries()) {
        const share = shares[index] ?? 0;
        if (share === 0) continue;
        cents.set(month, (cents.get(month) ?? 0) + share);
        changed.add(month);
      }
      left = 0;
    } else {
      for (const month of emptied) {
        left += cents.get(month) ?? 0;
        cents.set(month, 0);
        changed.add(month);
      }
      holding = holding.filter((month) => !emptied.includes(month));
    }
  }
  return [...changed];
};

export type MonthEdit = {
  name: string;
  month: MonthKey;
  monthBefore: number;
  monthAfter: number;
  totalBefore: number;
  totalAfter: number;
  /** What the other open months took (cents) and how many changed; null when the year total was not kept. */
  spread: { cents: number; months: number } | null;
  /** The item's own currency when not the base: every figure above is in its minor units (DESIGN.md §17). */
  currency?: CurrencyCode;
};

/**
 * What a month edit did, in the words the toast and the activity share (issue 28 B2):
 * "Google Ads: $24,000.00 → $27,000.00 for the year (Mar 2026: $2,000.00 → $5,000.00)".
 */
export const describeMonthEdit = (edit: MonthEdit): string => {
  const format = (minor: number) => formatCents(minor, edit.currency);
  const head =
    edit.totalBefore === edit.totalAfter
      ? `${edit.name}: the year total stays ${format(edit.totalAfter)}`
      : `${edit.name}: ${format(edit.totalBefore)} → ${format(edit.totalAfter)} for the year`;
  // Keeping the year total after the month was already saved leaves the month as it is.
  const month =
    edit.monthBefore === edit.monthAfter
      ? `${monthLabel(edit.month)}: ${format(edit.monthAfter)}`
      : `${monthLabel(edit.month)}: ${format(edit.monthBefore)} → ${format(edit.monthAfter)}`;
  const spread =
    edit.spread && edit.spread.cents !== 0
      ? `; ${format(edit.spread.cents)} spread over ${edit.spread.months} other open ${edit.spread.months === 1 ? 'month' : 'months'}`
      : '';
  return `${head} (${month}${spread})`;
};

/** The activity sentence of an item whose total a pasted block or grid save changed. */
export const describeTotalChange = (name: string, totalBefore: number, totalAfter: number, currency?: CurrencyCode): string =>
  `${name}: ${formatCents(totalBefore, currency)} → ${formatCents(totalAfter, currency)} for the year`;
