import { type BudgetItem, type BudgetMonth, type MonthKey, spreadOverMonths, toCents } from '@plansmith/contract';
import { formatMonth } from '../../../shared/format/dates.ts';

export type PeriodView = 'Months' | 'Quarters' | 'Year';
/** A column of the month grid: one month, or the months it rolls up. */
export type Period = { key: string; label: string; months: MonthKey[] };

/** "Mar 2026" in the person's locale. */
const monthLabel = (month: MonthKey) => formatMonth(month);

/** The plan's months as columns: each month, calendar quarters (Q1 = Jan–Mar) or calendar years. */
export const periodsOf = (planMonths: readonly MonthKey[], view: PeriodView): Period[] => {
  if (view === 'Months') return planMonths.map((month) => ({ key: month, label: monthLabel(month), months: [month] }));
  const groups = new Map<string, Period>();
  for (const month of planMonths) {
    const year = month.slice(0, 4);
    const quarter = Math.floor((Number(month.slice(5, 7)) - 1) / 3) + 1;
    const key = view === 'Quarters' ? `${year}-Q${quarter}` : year;
    const group = groups.get(key) ?? { key, label: view === 'Quarters' ? `Q${quarter} ${year}` : year, months: [] };
    group.months.push(month);
    groups.set(key, group);
  }
  return [...groups.values()];
};

/** An item's cents per plan month: its phasing (absent months 0), or its amount spread evenly when it has none. */
export type ItemMonthCents = {
  phased: boolean;
  cents: Map<MonthKey, number>;
  /** The months the phasing lists (every plan month once an unphased item is edited by month). */
  listed: Set<MonthKey>;
  /**
   * The same months in base-currency cents (DESIGN.md §17): each month's BaseAmount, or the item's
   * BaseAmount spread evenly. The grid's cells show `cents` (the item's own currency); every sum over
   * items (category rows, the plan's total) adds these, so items in different currencies add up.
   */
  baseCents: Map<MonthKey, number>;
};

export const itemMonthCents = (
  item: BudgetItem,
  phasing: readonly (BudgetMonth & { BaseAmount?: number })[] | undefined,
  planMonths: readonly MonthKey[],
): ItemMonthCents => {
  if (phasing && phasing.length > 0) {
    const cents = new Map(planMonths.map((month) => [month, 0]));
    const baseCents = new Map(cents);
    for (const entry of phasing) {
      cents.set(entry.Month, toCents(entry.Amount));
      baseCents.set(entry.Month, toCents(entry.BaseAmount ?? entry.Amount));
    }
    return { phased: true, cents, listed: new Set(phasing.map((entry) => entry.Month)), baseCents };
  }
  // The one spreading rule (contract): what the spending report assumes for an unphased item (its base
  // figure spread, as the server spreads amount_cents).
  return {
    phased: false,
    cents: new Map(spreadOverMonths(toCents(item.Amount), planMonths)),
    listed: new Set(planMonths),
    baseCents: new Map(spreadOverMonths(toCents(item.BaseAmount ?? item.Amount), planMonths)),
  };
};

export const sumPeriod = (cents: Map<MonthKey, number>, period: Period): number =>
  period.months.reduce((sum, month) => sum + (cents.get(month) ?? 0), 0);
