import { type MonthKey, monthsBetween, spreadOverMonths } from '@plansmith/contract';
import type { ForecastInputs } from './forecast.repository.ts';

/*
 * The ONE computation of Forecast, Landing and Variance (DESIGN.md §14), in cents. ForecastClient,
 * the dashboard, the plan page and the category report all call it, so their figures agree.
 */

export type CellCents = {
  month: MonthKey;
  /** null while the plan's baseline is not locked */
  baseline: number | null;
  budget: number;
  planned: number;
  committed: number;
  actual: number;
  /** Actual + Committed: the least an open month may forecast. */
  floor: number;
  forecast: number;
  entered: number | null;
  version: number | null;
  closed: boolean;
};

export type TotalsCents = {
  baseline: number | null;
  budget: number;
  planned: number;
  committed: number;
  actual: number;
  forecast: number;
};

export type ItemForecast = {
  id: string;
  name: string;
  categoryId: string;
  active: boolean;
  cells: CellCents[];
  totals: TotalsCents;
};

export type PlanForecast = {
  months: MonthKey[];
  baselineLocked: boolean;
  closedMonths: Set<MonthKey>;
  items: ItemForecast[];
  /** The plan's totals; `forecast` is its Landing. The baseline is the whole snapshot (deleted items too). */
  totals: TotalsCents;
};

/** The forecast rule of one month: closed → Actual; open → entered, else Budget, never below Actual + Committed. */
export const forecastOf = (cell: { closed: boolean; entered: number | null; budget: number; actual: number; committed: number }): number =>
  cell.closed ? cell.actual : Math.max(cell.entered ?? cell.budget, cell.actual + cell.committed);

const emptyTotals = (withBaseline: boolean): TotalsCents => ({
  baseline: withBaseline ? 0 : null,
  budget: 0,
  planned: 0,
  committed: 0,
  actual: 0,
  forecast: 0,
});

const addTo = (totals: TotalsCents, line: Omit<TotalsCents, 'baseline'> & { baseline: number | null }): void => {
  if (totals.baseline !== null) totals.baseline += line.baseline ?? 0;
  totals.budget += line.budget;
  totals.planned += line.planned;
  totals.committed += line.committed;
  totals.actual += line.actual;
  totals.forecast += line.forecast;
};

const key = (itemId: string, month: string) => `${itemId}|${month}`;

/**
 * Every item's cells over the plan's months (widened to any month outside them that holds budget,
 * baseline or spend, none skipped, so every cent is in some month). An item's Budget per month is its
 * phasing, or its Amount spread evenly over the plan's months by the contract's one spreading rule
 * (what the month grid shows); an inactive item has no Budget, as in the report and the dashboard.
 */
export const computePlanForecast = (
  plan: { startDate: string; endDate: string; baselineLockedAt: Date | string | null },
  inputs: ForecastInputs,
): PlanForecast => {
  const planMonths = monthsBetween(plan.startDate, plan.endDate);
  const baselineLocked = plan.baselineLockedAt !== null;
  const itemIds = new Set(inputs.items.map((item) => item.id));
  const phased = new Map<string, Map<string, number>>();
  for (const row of inputs.phasing) {
    const months = phased.get(row.itemId) ?? new Map<string, number>();
    months.set(row.month, row.cents);
    phased.set(row.itemId, months);
  }
  const spend = new Map(inputs.spend.filter((row) => itemIds.has(row.itemId)).map((row) => [key(row.itemId, row.month), row]));
  const entered = new Map(inputs.entered.map((row) => [key(row.itemId, row.month), row]));
  const baseline = new Map(inputs.baseline.map((row) => [key(row.itemId, row.month), row.cents]));
  const closedMonths = new Set(inputs.closedMonths);

  const known = new Set<string>(planMonths);
  for (const row of inputs.phasing) known.add(row.month);
  for (const row of spend.values()) known.add(row.month);
  for (const row of inputs.baseline) if (itemIds.has(row.itemId)) known.add(row.month);
  const sorted = [...known].sort();
  const months = sorted.length > 0 ? monthsBetween(`${sorted[0]}-01`, `${sorted[sorted.length - 1]}-01`) : [];

  const totals = emptyTotals(baselineLocked);
  const items = inputs.items.map((item): ItemForecast => {
    const budgetOf = new Map<string, number>(
      !item.active ? [] : (phased.get(item.id)?.entries() ?? spreadOverMonths(item.amountCents, planMonths)),
    );
    const itemTotals = emptyTotals(baselineLocked);
    const cells = months.map((month): CellCents => {
      const money = spend.get(key(item.id, month));
      const saved = entered.get(key(item.id, month));
      const closed = closedMonths.has(month);
      const cell = {
        month,
        baseline: baselineLocked ? (baseline.get(key(item.id, month)) ?? 0) : null,
        budget: budgetOf.get(month) ?? 0,
        planned: money?.planned ?? 0,
        committed: money?.committed ?? 0,
        actual: money?.actual ?? 0,
        floor: (money?.actual ?? 0) + (money?.committed ?? 0),
        entered: saved?.cents ?? null,
        version: saved?.version ?? null,
        closed,
      };
      const full = { ...cell, forecast: forecastOf(cell) };
      addTo(itemTotals, full);
      return full;
    });
    addTo(totals, { ...itemTotals, baseline: null });
    return { id: item.id, name: item.name, categoryId: item.categoryId, active: item.active, cells, totals: itemTotals };
  });
  // The plan's baseline is the whole snapshot, items deleted since the lock included.
  if (totals.baseline !== null) totals.baseline = inputs.baseline.reduce((sum, row) => sum + row.cents, 0);
  return { months, baselineLocked, closedMonths, items, totals };
};

/** The forecast summed per budget category (the category report's Baseline and Forecast columns). */
export const sumByCategory = (forecast: PlanForecast): Map<string, TotalsCents> => {
  const byCategory = new Map<string, TotalsCents>();
  for (const item of forecast.items) {
    const totals = byCategory.get(item.categoryId) ?? emptyTotals(forecast.baselineLocked);
    addTo(totals, item.totals);
    byCategory.set(item.categoryId, totals);
  }
  return byCategory;
};
