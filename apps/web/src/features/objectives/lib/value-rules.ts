import { hasAtMostTwoDecimals } from '@plansmith/contract';
import type { Rule } from 'antd/es/form';
import { moneyProblem } from '../../../shared/format/money-rules.ts';

/**
 * Why a target or result value cannot be saved as typed, or null (DESIGN.md §12): nothing is
 * rounded or clamped, the rule is named instead. Metric types: 1 count, 2 currency, 3 percent.
 */
export const valueProblem = (value: number, metricType: number): string | null => {
  if (metricType === 2) return moneyProblem(value);
  if (!Number.isFinite(value)) return 'Enter a number, e.g. 120.';
  if (value < 0) return 'The value cannot be negative.';
  if (!hasAtMostTwoDecimals(value)) return 'Enter at most 2 decimals (e.g. 12.25).';
  if (metricType === 3 && value > 100) return 'A percent can be at most 100.';
  return null;
};

/** The form rule for a value field of the given metric type. */
export const valueRule = (metricType: number): Rule => ({
  validator: (_rule, value: number | null | undefined) => {
    const problem = value === null || value === undefined ? null : valueProblem(value, metricType);
    return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
  },
});
