import type { ExpectationRow } from '@plansmith/contract';

export type Quarter = { label: string; months: string[] };

/** The plan's months in calendar quarters, in order: "Q1 2026" holds 2026-01 to 2026-03. */
export const groupByQuarter = (months: readonly string[]): Quarter[] => {
  const quarters: Quarter[] = [];
  for (const month of months) {
    const label = `Q${Math.ceil(Number(month.slice(5, 7)) / 3)} ${month.slice(0, 4)}`;
    const last = quarters.at(-1);
    if (last?.label === label) last.months.push(month);
    else quarters.push({ label, months: [month] });
  }
  return quarters;
};

export type CellTotals = {
  expected: number | null;
  actual: number | null;
  /** Expected over only the months that have an actual: what the actual total is measured against. */
  expectedToDate: number | null;
};

const fromHundredths = (value: number | null): number | null => (value === null ? null : value / 100);

/** Expected and actual of a stage over some months; null where no cell in them has a value. Exact to the cent of a count. */
export const sumRow = (row: ExpectationRow, months: ReadonlySet<string>): CellTotals => {
  let expected: number | null = null;
  let actual: number | null = null;
  let expectedToDate: number | null = null;
  for (const cell of row.Cells) {
    if (!months.has(cell.Month)) continue;
    if (cell.Expected !== null) expected = (expected ?? 0) + Math.round(cell.Expected * 100);
    if (cell.Actual !== null) actual = (actual ?? 0) + Math.round(cell.Actual * 100);
    if (cell.Actual !== null && cell.Expected !== null) expectedToDate = (expectedToDate ?? 0) + Math.round(cell.Expected * 100);
  }
  return { expected: fromHundredths(expected), actual: fromHundredths(actual), expectedToDate: fromHundredths(expectedToDate) };
};

export type VarianceTone = 'ahead' | 'near' | 'behind';

/** How an actual compares with its forecast: at or above it, within 10 % below, or further behind. */
export const varianceTone = (expected: number | null, actual: number | null): VarianceTone | null => {
  if (expected === null || actual === null || expected <= 0) return null;
  const ratio = actual / expected;
  return ratio >= 1 ? 'ahead' : ratio >= 0.9 ? 'near' : 'behind';
};

export const TONE_COLORS: Record<VarianceTone, string> = { ahead: '#237804', near: '#874d00', behind: '#cf1322' };

/** "12% below expected" for a cell's tooltip and screen readers. */
export const varianceText = (expected: number | null, actual: number | null): string | undefined => {
  if (expected === null || actual === null || expected <= 0) return undefined;
  const percent = Math.round(((actual - expected) / expected) * 100);
  if (percent === 0) return 'On the forecast';
  return `${Math.abs(percent)}% ${percent > 0 ? 'above' : 'below'} the forecast`;
};

/** Whether any cell holds a forecast. */
export const hasForecast = (rows: readonly ExpectationRow[]): boolean =>
  rows.some((row) => row.Cells.some((cell) => cell.Expected !== null));
