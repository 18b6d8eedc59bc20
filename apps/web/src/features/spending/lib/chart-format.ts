import { formatMonth as formatMonthIn } from '../../../shared/format/dates.ts';
import { formatBaseCompact } from '../../../shared/format/money.ts';

/** The height of a horizontal bar chart with `count` bars. */
export const breakdownChartHeight = (count: number): number => Math.max(200, count * 36 + 80);

/** Axis ticks: 125000 → "$125K". */
export const formatAxisUsd = (value: number): string => formatBaseCompact(value);

/** "2026-03" → "Mar 2026" (tooltips) or "Mar" (axis, when every month is in one year), in the person's locale. */
export const formatMonth = (month: string, withYear = true): string => formatMonthIn(month, withYear);
