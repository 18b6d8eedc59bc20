import { hasAtMostTwoDecimals, MAX_MONEY } from '@plansmith/contract';
import { formatBase } from './money.ts';

/**
 * Why an amount cannot be saved as typed, or null (DESIGN.md §12: the rule and the limit are
 * named; nothing is rounded or clamped). Apart from the input so plain screens can use it without antd's InputNumber.
 */
export const moneyProblem = (value: number, { allowNegative = false } = {}): string | null => {
  if (!Number.isFinite(value)) return 'Enter an amount in dollars, e.g. 1250.50.';
  if (!allowNegative && value < 0) return 'The amount cannot be negative: enter $0.00 or more.';
  if (Math.abs(value) > MAX_MONEY) return `The amount can be at most ${formatBase(MAX_MONEY)}.`;
  if (!hasAtMostTwoDecimals(value)) return 'Enter whole cents: at most 2 decimals (e.g. 123.45).';
  return null;
};
