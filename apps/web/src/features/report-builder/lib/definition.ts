import {
  monthsBetween,
  PIVOT_DIMENSION_LABELS,
  PIVOT_FIXED_DIMENSIONS,
  PIVOT_MEASURE_LABELS,
  type PivotCompare,
  type PivotDefinition,
  type PivotFixedDimension,
  type PivotMeasure,
  type PivotRequestInput,
} from '@plansmith/contract';
import type { ReportPeriod } from './period-memory.ts';

/** A dimension the pickers offer: a fixed one, or a custom field (`Field:<Id>`). */
export type DimensionOption = {
  value: string;
  label: string;
  /** A MultiSelect field's options: its filter picks options (a row matches when it holds any), not the rows' combinations. */
  multiOptions?: readonly string[];
};

/** What a new report shows: money by category over the period, no comparison. */
export const newDefinition = (planIds: readonly string[]): PivotDefinition => ({
  MarketingPlanIds: [...planIds],
  Rows: ['Category'],
  Columns: 'None',
  Measures: ['Budget', 'Actual', 'Available'],
  Filters: [],
  Compare: 'None',
});

export const fixedDimensionOptions = (): DimensionOption[] =>
  PIVOT_FIXED_DIMENSIONS.map((value) => ({ value, label: PIVOT_DIMENSION_LABELS[value] }));

/** A dimension's name on screen: the fixed label, the field's name, or "Removed field" for a field that no longer exists. */
export const dimensionLabel = (dimension: string, options: readonly DimensionOption[]): string =>
  options.find((option) => option.value === dimension)?.label ??
  PIVOT_DIMENSION_LABELS[dimension as PivotFixedDimension] ??
  'Removed field';

export const measureLabel = (measure: PivotMeasure): string => PIVOT_MEASURE_LABELS[measure];

/** How the comparison’s figures are named beside the period’s: "Actual (prior period)". */
export const COMPARE_SUFFIX: Record<Exclude<PivotCompare, 'None'>, string> = {
  PriorPeriod: 'prior period',
  PriorYear: 'prior year',
};

export const COMPARE_OPTIONS: { value: PivotCompare; label: string }[] = [
  { value: 'None', label: 'No comparison' },
  { value: 'PriorPeriod', label: 'Prior period' },
  { value: 'PriorYear', label: 'Prior year' },
];

/** The definition as sent and saved: a filter still without values (being built) is left out. */
export const cleanDefinition = (definition: PivotDefinition): PivotDefinition => ({
  ...definition,
  Filters: definition.Filters.filter((filter) => filter.Values.length > 0),
});

/** What is still missing before the report can be asked for, in the person's words; null when it can. */
export const missingChoice = (definition: PivotDefinition): string | null => {
  if (definition.MarketingPlanIds.length === 0) return 'Choose at least one plan.';
  if (definition.Measures.length === 0) return 'Choose at least one measure.';
  return null;
};

export const toRequest = (definition: PivotDefinition, period: ReportPeriod): PivotRequestInput => ({
  ...cleanDefinition(definition),
  ...period,
});

/** "2026-04" → its first and last day. */
export const monthStart = (month: string): string => `${month}-01`;
export const monthEnd = (month: string): string => {
  const [year = 0, monthNumber = 1] = month.split('-').map(Number);
  const last = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  return `${month}-${String(last).padStart(2, '0')}`;
};

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
export const monthLabel = (month: string): string => {
  const [year, monthNumber = 1] = month.split('-').map(Number);
  return `${MONTH_NAMES[monthNumber - 1]} ${year}`;
};

/** The months the period pickers offer: a year before the earliest plan to a year after the latest. */
export const pickerMonths = (plans: readonly { StartDate: string; EndDate: string }[], period: ReportPeriod): string[] => {
  const starts = [period.From, ...plans.map((plan) => plan.StartDate)].sort();
  const ends = [period.To, ...plans.map((plan) => plan.EndDate)].sort();
  const first = starts[0] ?? period.From;
  const last = ends[ends.length - 1] ?? period.To;
  const year = (date: string, delta: number) => `${Number(date.slice(0, 4)) + delta}${date.slice(4, 7)}`;
  return monthsBetween(year(first, -1), year(last, 1));
};

/** The plans' own span, in whole months: the period a report starts with until the person picks one. */
export const planPeriod = (plan: { StartDate: string; EndDate: string }): ReportPeriod => ({
  From: monthStart(plan.StartDate.slice(0, 7)),
  To: monthEnd(plan.EndDate.slice(0, 7)),
});
