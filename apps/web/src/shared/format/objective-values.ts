import { formatMonth } from './dates.ts';
import { formatCount, formatPercent, formatBase } from './money.ts';

/** An objective value in its metric: 1 count "1,234.5", 2 currency "$1,234.50", 3 percent points "24.5%". */
export const formatMetricValue = (value: number | null | undefined, metricType: 1 | 2 | 3): string => {
  if (value === null || value === undefined) return '—';
  if (metricType === 2) return formatBase(value);
  if (metricType === 3) return `${formatCount(value)}%`;
  return formatCount(value);
};

/** A ratio (attainment 0.876, ROI 1.25) as a whole percent; null as a dash. */
export const formatRatio = (ratio: number | null | undefined): string =>
  ratio === null || ratio === undefined ? '—' : formatPercent(ratio);

/** "2026-03" → "Mar 2026", or "Mar" for axes within one year, in the person's locale. */
export const formatMonthLabel = (month: string, withYear = true): string => formatMonth(month, withYear);
