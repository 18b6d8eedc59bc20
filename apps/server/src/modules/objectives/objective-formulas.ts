import { AGGREGATION_LATEST, METRIC_TYPE_COUNT, type ObjectiveStatus } from '@plansmith/contract';

/**
 * DESIGN.md §9's computed fields, in exact integer arithmetic: objective values arrive as
 * hundredths (numeric(18, 2) read as text), money as cents, and every ratio is one rounded
 * division of integers, so figures match a hand computation to the cent.
 */

/** "123.4" or "-0.05" (a numeric from SQL) → hundredths as a bigint; null and '' → 0. */
export const toHundredths = (text: string | number | null | undefined): bigint => {
  if (text === null || text === undefined || text === '') return 0n;
  const value = String(text).trim();
  const negative = value.startsWith('-');
  const [whole = '0', fraction = ''] = value.replace(/^[-+]/, '').split('.');
  const hundredths = BigInt(whole || '0') * 100n + BigInt(`${fraction}00`.slice(0, 2));
  return negative ? -hundredths : hundredths;
};

/** Integer cents or hundredths → a number with 2 decimals for the wire. */
export const fromHundredths = (value: bigint): number => Number(value) / 100;

/** num ÷ den rounded half away from zero to an integer (den > 0). */
export const roundDiv = (num: bigint, den: bigint): bigint => {
  if (den <= 0n) throw new Error('roundDiv needs a positive denominator');
  const half = num >= 0n ? (2n * num + den) / (2n * den) : -((-2n * num + den) / (2n * den));
  return half;
};

/** num ÷ den as a ratio with 4 decimals (den > 0). */
export const ratio4 = (num: bigint, den: bigint): number => Number(roundDiv(num * 10_000n, den)) / 10_000;

const DAY_MS = 86_400_000;
const dayNumber = (date: string): number => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

/** Days of the objective that have begun by `today` (today counted), and all its days. */
export const elapsedDays = (startDate: string, endDate: string, today: string): { elapsed: bigint; total: bigint } => {
  const total = dayNumber(endDate) - dayNumber(startDate) + 1;
  const elapsed = Math.min(total, Math.max(0, dayNumber(today) - dayNumber(startDate) + 1));
  return { elapsed: BigInt(elapsed), total: BigInt(total) };
};

export type ObjectiveFigureInput = {
  metricType: 1 | 2 | 3;
  aggregation: 1 | 2;
  higherIsBetter: boolean;
  targetHundredths: bigint;
  startDate: string;
  endDate: string;
  resultCount: number;
  sumHundredths: bigint;
  latestHundredths: bigint;
  spentCents: bigint;
};

export type ObjectiveFigures = {
  actualHundredths: bigint;
  attainment: number | null;
  expectedHundredths: bigint;
  status: ObjectiveStatus;
  costPerResultCents: bigint | null;
};

/** ActualValue: the sum of results, or the latest result. */
export const actualOf = (input: Pick<ObjectiveFigureInput, 'aggregation' | 'sumHundredths' | 'latestHundredths'>): bigint =>
  input.aggregation === AGGREGATION_LATEST ? input.latestHundredths : input.sumHundredths;

/** Spent ÷ actual to the cent, for count metrics with a non-zero actual; else null. */
export const costPerResult = (metricType: number, spentCents: bigint, actualHundredths: bigint): bigint | null =>
  metricType === METRIC_TYPE_COUNT && actualHundredths > 0n ? roundDiv(spentCents * 100n, actualHundredths) : null;

/** Pace thresholds of DESIGN.md §9 as whole percents, for exact comparisons. */
const ON_TRACK_PERCENT = 95n;
const AT_RISK_PERCENT = 80n;

export const computeObjective = (input: ObjectiveFigureInput, today: string): ObjectiveFigures => {
  const actual = actualOf(input);
  const target = input.targetHundredths;
  const isLatest = input.aggregation === AGGREGATION_LATEST;
  const { elapsed, total } = elapsedDays(input.startDate, input.endDate, today);
  // Expected to date = target × paceNum ÷ paceDen: the elapsed share for sums, all of it for latest.
  const paceNum = isLatest ? 1n : elapsed;
  const paceDen = isLatest ? 1n : total;
  const expected = roundDiv(target * paceNum, paceDen);
  const attainment = input.higherIsBetter ? ratio4(actual, target) : actual > 0n ? ratio4(target, actual) : null;
  const hasResults = input.resultCount > 0;
  const ended = today > input.endDate;

  const status = ((): ObjectiveStatus => {
    if (today < input.startDate) return 'NotStarted';
    if (hasResults && input.higherIsBetter && actual >= target) return 'Achieved';
    // Lower is better: a latest value at or under target is reached; a sum only once the period is over.
    if (hasResults && !input.higherIsBetter && actual <= target && (isLatest || ended)) return 'Achieved';
    if (!hasResults) return 'Behind';
    // Compare actual with expected (higher is better) or expected with actual (lower), in whole percents.
    const [better, worse] = input.higherIsBetter ? [actual * paceDen, target * paceNum] : [target * paceNum, actual * paceDen];
    if (better * 100n >= worse * ON_TRACK_PERCENT) return 'OnTrack';
    if (better * 100n >= worse * AT_RISK_PERCENT) return 'AtRisk';
    return 'Behind';
  })();

  return {
    actualHundredths: actual,
    attainment,
    expectedHundredths: expected,
    status,
    costPerResultCents: costPerResult(input.metricType, input.spentCents, actual),
  };
};
