import {
  type MonthKey,
  PIVOT_NOT_BY_KEY,
  type PivotCell,
  type PivotColumn,
  type PivotColumns,
  type PivotCompare,
  type PivotKey,
  type PivotLine,
  type PivotMeasure,
  type PivotValues,
  monthsBetween,
  toDollars,
} from '@plansmith/contract';

/*
 * The report builder's arithmetic (DESIGN.md §16), in integer cents: facts (an item's month of money)
 * are keyed by the row dimensions, filtered, and added into rows; subtotals and the grand total are
 * sums of the rows' cents, so they are exact and rows add up to them. Money turns into dollars last.
 */

/**
 * One item's money in one month, in cents; the budget side and the expense side may come apart. `fx`:
 * the FX variance of its Actual expenses in another currency (DESIGN.md §17), read only when asked for.
 */
export type Money = { baseline: number; budget: number; forecast: number; planned: number; committed: number; actual: number; fx: number };
const MONEY_FIELDS = ['baseline', 'budget', 'forecast', 'planned', 'committed', 'actual', 'fx'] as const;
export const zeroMoney = (): Money => ({ baseline: 0, budget: 0, forecast: 0, planned: 0, committed: 0, actual: 0, fx: 0 });
const addInto = (target: Money, source: Money): void => {
  for (const field of MONEY_FIELDS) target[field] += source[field];
};
type MoneyField = (typeof MONEY_FIELDS)[number];
const isZero = (money: Money, fields: readonly MoneyField[]): boolean => fields.every((field) => money[field] === 0);

/** The money a measure reads: a row holding none of it for the chosen measures is left out. */
export const moneyFieldsOf = (measures: readonly PivotMeasure[]): MoneyField[] => {
  const fields = new Set<MoneyField>();
  const reads: Record<PivotMeasure, MoneyField[]> = {
    Baseline: ['baseline'],
    Budget: ['budget'],
    Planned: ['planned'],
    Committed: ['committed'],
    Actual: ['actual'],
    Forecast: ['forecast'],
    Available: ['budget', 'committed', 'actual'],
    Variance: ['budget', 'actual'],
    VariancePercent: ['budget', 'actual'],
    FxVariance: ['fx'],
  };
  for (const measure of measures) for (const field of reads[measure]) fields.add(field);
  return [...fields];
};

/** A row key with what orders it (numbers before text; the NONE / NOT_BY rows last). */
export type DimensionValue = PivotKey & { order: Array<number | string> };

/**
 * A fact: its values of every dimension the report names (rows and filters), by dimension: `own`
 * (an expense group's payee and Expense fields) first, then `keys` (its item's, shared by its facts).
 */
export type Fact = { month: MonthKey; money: Money; keys: ReadonlyMap<string, DimensionValue>; own?: ReadonlyMap<string, DimensionValue> };
const dimensionValueOf = (fact: Fact, dimension: string): DimensionValue =>
  (fact.own?.get(dimension) ?? fact.keys.get(dimension)) as DimensionValue;

/** A filter as the engine applies it: whether a fact's value for the dimension is kept. */
export type FactFilter = { dimension: string; keeps: (value: DimensionValue) => boolean };

export type Period = {
  months: MonthKey[];
  /** Comparison months → the period month they are compared with (none when Compare is None). */
  compareOf: Map<MonthKey, MonthKey[]>;
  columns: Array<PivotColumn & { months: MonthKey[] }>;
  from: string;
  to: string;
  compareFrom: string | null;
  compareTo: string | null;
};

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export const addMonths = (month: MonthKey, count: number): MonthKey => {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + count;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
};
const firstDay = (month: MonthKey): string => `${month}-01`;
export const lastDay = (month: MonthKey): string => {
  const next = addMonths(month, 1);
  const date = new Date(`${next}-01T00:00:00Z`);
  date.setUTCDate(0);
  return date.toISOString().slice(0, 10);
};
const quarterOf = (month: MonthKey): string => `${month.slice(0, 4)}-Q${Math.floor((Number(month.slice(5, 7)) - 1) / 3) + 1}`;

/** The period's whole months, its comparison months and its columns. */
export const periodOf = (from: string, to: string, columns: PivotColumns, compare: PivotCompare): Period => {
  const months = monthsBetween(from, to);
  const shift = compare === 'PriorYear' ? 12 : compare === 'PriorPeriod' ? months.length : 0;
  const compareOf = new Map<MonthKey, MonthKey[]>();
  if (shift > 0) {
    for (const month of months) {
      const prior = addMonths(month, -shift);
      compareOf.set(prior, [...(compareOf.get(prior) ?? []), month]);
    }
  }
  const first = months[0] as MonthKey;
  const last = months[months.length - 1] as MonthKey;
  const groups = new Map<string, MonthKey[]>();
  if (columns !== 'None') {
    for (const month of months) {
      const key = columns === 'Month' ? month : quarterOf(month);
      groups.set(key, [...(groups.get(key) ?? []), month]);
    }
  }
  return {
    months,
    compareOf,
    from: firstDay(first),
    to: lastDay(last),
    compareFrom: shift > 0 ? firstDay(addMonths(first, -shift)) : null,
    compareTo: shift > 0 ? lastDay(addMonths(last, -shift)) : null,
    columns: [...groups.entries()].map(([key, group]) => {
      const start = group[0] as MonthKey;
      const end = group[group.length - 1] as MonthKey;
      const label =
        columns === 'Month' ? `${MONTH_NAMES[Number(key.slice(5, 7)) - 1]} ${key.slice(0, 4)}` : `${key.slice(5)} ${key.slice(0, 4)}`;
      return {
        Key: key,
        Label: label,
        From: firstDay(start),
        To: lastDay(end),
        CompareFrom: shift > 0 ? firstDay(addMonths(start, -shift)) : null,
        CompareTo: shift > 0 ? lastDay(addMonths(end, -shift)) : null,
        months: group,
      };
    }),
  };
};

/** A line's money: per column and the whole period, now and in the comparison period. */
type Sums = { cells: Money[]; total: Money; compareCells: Money[]; compareTotal: Money };
const emptySums = (columns: number): Sums => ({
  cells: Array.from({ length: columns }, zeroMoney),
  total: zeroMoney(),
  compareCells: Array.from({ length: columns }, zeroMoney),
  compareTotal: zeroMoney(),
});
const addSums = (target: Sums, source: Sums): void => {
  source.cells.forEach((money, index) => {
    addInto(target.cells[index] as Money, money);
  });
  source.compareCells.forEach((money, index) => {
    addInto(target.compareCells[index] as Money, money);
  });
  addInto(target.total, source.total);
  addInto(target.compareTotal, source.compareTotal);
};

export type PivotOutcome = {
  rows: Array<{ keys: DimensionValue[]; sums: Sums }>;
  subtotals: Array<{ key: DimensionValue; sums: Sums }>;
  total: Sums;
};

const compareOrder = (a: Array<number | string>, b: Array<number | string>): number => {
  for (let index = 0; index < Math.max(a.length, b.length); index += 1) {
    const x = a[index];
    const y = b[index];
    if (x === y) continue;
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    if (typeof x === 'number' && typeof y === 'number') return x - y;
    if (typeof x === 'number') return -1;
    if (typeof y === 'number') return 1;
    return x < y ? -1 : 1;
  }
  return 0;
};

/**
 * Adds the facts into rows keyed by `rowDimensions`, keeping the facts every filter keeps. A fact
 * of a period month adds to its column and the total; one of a comparison month to the compare
 * side of the column(s) of the month(s) it is compared with. Facts with none of the money the
 * measures read are left out, so a row is listed only when it holds some.
 */
export const aggregate = (
  facts: Iterable<Fact>,
  rowDimensions: readonly string[],
  filters: readonly FactFilter[],
  period: Period,
  measures: readonly PivotMeasure[],
): PivotOutcome => {
  const read = moneyFieldsOf(measures);
  const columnOf = new Map<MonthKey, number>();
  period.columns.forEach((column, index) => {
    for (const month of column.months) columnOf.set(month, index);
  });
  const inPeriod = new Set(period.months);
  type Row = { keys: DimensionValue[]; sums: Sums };
  const rows = new Map<string, Row>();
  // A fact's row (null: filtered out) follows from its keys and own values alone: decided once per
  // pair of maps, which facts share (an item's, a payee's), not once per fact.
  type Values = ReadonlyMap<string, DimensionValue>;
  const decided = new Map<Values, Map<Values | undefined, Row | null>>();
  const rowOf = (fact: Fact): Row | null => {
    let byOwn = decided.get(fact.keys);
    if (!byOwn) {
      byOwn = new Map();
      decided.set(fact.keys, byOwn);
    }
    const known = byOwn.get(fact.own);
    if (known !== undefined) return known;
    let row: Row | null = null;
    if (filters.every((filter) => filter.keeps(dimensionValueOf(fact, filter.dimension)))) {
      const keys = rowDimensions.map((dimension) => dimensionValueOf(fact, dimension));
      const rowKey = keys.map((key) => key.Key).join('\u0001');
      row = rows.get(rowKey) ?? null;
      if (!row) {
        row = { keys, sums: emptySums(period.columns.length) };
        rows.set(rowKey, row);
      }
    }
    byOwn.set(fact.own, row);
    return row;
  };
  for (const fact of facts) {
    const current = inPeriod.has(fact.month);
    const comparedWith = period.compareOf.get(fact.month);
    if (!current && !comparedWith) continue;
    if (isZero(fact.money, read)) continue;
    const row = rowOf(fact);
    if (!row) continue;
    if (current) {
      addInto(row.sums.total, fact.money);
      const column = columnOf.get(fact.month);
      if (column !== undefined) addInto(row.sums.cells[column] as Money, fact.money);
    }
    if (comparedWith) {
      addInto(row.sums.compareTotal, fact.money);
      for (const month of comparedWith) {
        const column = columnOf.get(month);
        if (column !== undefined) addInto(row.sums.compareCells[column] as Money, fact.money);
      }
    }
  }
  const sorted = [...rows.values()].sort((a, b) => {
    for (let index = 0; index < a.keys.length; index += 1) {
      const order = compareOrder((a.keys[index] as DimensionValue).order, (b.keys[index] as DimensionValue).order);
      if (order !== 0) return order;
    }
    return 0;
  });
  const total = emptySums(period.columns.length);
  const subtotals = new Map<string, { key: DimensionValue; sums: Sums }>();
  for (const row of sorted) {
    addSums(total, row.sums);
    if (rowDimensions.length > 1) {
      const first = row.keys[0] as DimensionValue;
      let subtotal = subtotals.get(first.Key);
      if (!subtotal) {
        subtotal = { key: first, sums: emptySums(period.columns.length) };
        subtotals.set(first.Key, subtotal);
      }
      addSums(subtotal.sums, row.sums);
    }
  }
  return { rows: sorted, subtotals: [...subtotals.values()], total };
};

/** The requested measures of a line's money, in dollars; Baseline null when no plan has a locked baseline. */
export const measuresOf = (money: Money, measures: readonly PivotMeasure[], baselineLocked: boolean): PivotValues => {
  const values: PivotValues = {};
  for (const measure of measures) {
    switch (measure) {
      case 'Baseline':
        values.Baseline = baselineLocked ? toDollars(money.baseline) : null;
        break;
      case 'Budget':
        values.Budget = toDollars(money.budget);
        break;
      case 'Planned':
        values.Planned = toDollars(money.planned);
        break;
      case 'Committed':
        values.Committed = toDollars(money.committed);
        break;
      case 'Actual':
        values.Actual = toDollars(money.actual);
        break;
      case 'Forecast':
        values.Forecast = toDollars(money.forecast);
        break;
      case 'Available':
        values.Available = toDollars(money.budget - money.committed - money.actual);
        break;
      case 'Variance':
        values.Variance = toDollars(money.budget - money.actual);
        break;
      case 'VariancePercent':
        values.VariancePercent = money.budget === 0 ? null : Math.round(((money.budget - money.actual) / money.budget) * 10000) / 100;
        break;
      case 'FxVariance':
        values.FxVariance = toDollars(money.fx);
        break;
    }
  }
  return values;
};

/** A line (row, subtotal, total) in the contract's shape. */
export const toLine = (sums: Sums, measures: readonly PivotMeasure[], baselineLocked: boolean, compare: boolean): PivotLine => {
  const cell = (money: Money, compareMoney: Money): PivotCell => ({
    Values: measuresOf(money, measures, baselineLocked),
    Compare: compare ? measuresOf(compareMoney, measures, baselineLocked) : null,
  });
  return {
    Cells: sums.cells.map((money, index) => cell(money, sums.compareCells[index] as Money)),
    Total: cell(sums.total, sums.compareTotal),
  };
};

/** The key of the budget-side money under an expense-level dimension. */
export const notByValue = (label: string): DimensionValue => ({
  Key: PIVOT_NOT_BY_KEY,
  Label: `(Not by ${label})`,
  order: ['\uffff\uffff'],
});
