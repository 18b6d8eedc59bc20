import type { ObjectiveDetail } from '@plansmith/contract';

export type SeriesPoint = {
  /** YYYY-MM-DD */
  date: string;
  /** Milliseconds since the epoch, for a time axis. */
  time: number;
  /** Cumulative results (sums) or the result in force (latest) on that day; null after the last result. */
  actual: number | null;
  /** Where the target pace says the objective should be on that day. */
  pace: number;
};

const DAY_MS = 86_400_000;
const timeOf = (date: string) => Date.parse(`${date}T00:00:00Z`);

/**
 * The objective's results over time against its target pace (DESIGN.md §9): for sums the running
 * total against a straight line from 0 on the first day to the target on the last; for latest the
 * result in force against the target itself. Points at the start, at each result day and at the end.
 */
export const buildResultsSeries = (objective: ObjectiveDetail): SeriesPoint[] => {
  const start = timeOf(objective.StartDate);
  const end = timeOf(objective.EndDate);
  const totalDays = (end - start) / DAY_MS + 1;
  const isSum = objective.Aggregation === 1;
  const paceOn = (time: number) =>
    isSum ? (objective.TargetValue * Math.min(totalDays, (time - start) / DAY_MS + 1)) / totalDays : objective.TargetValue;
  const round2 = (value: number) => Math.round(value * 100) / 100;

  const byDay = new Map<string, number>();
  let running = 0;
  for (const result of objective.Results) {
    // Sums add up in cents to stay exact; latest keeps the last result of the day (results come oldest first).
    running = isSum ? Math.round(running * 100 + result.Value * 100) / 100 : result.Value;
    byDay.set(result.Date, running);
  }
  const lastResultDay = objective.Results.at(-1)?.Date ?? null;
  const days = [...new Set([objective.StartDate, ...byDay.keys(), objective.EndDate])].sort();
  let current: number | null = isSum ? 0 : null;
  return days.map((date) => {
    if (byDay.has(date)) current = byDay.get(date) ?? current;
    const time = timeOf(date);
    const isAfterResults = lastResultDay === null ? date !== objective.StartDate : date > lastResultDay;
    return { date, time, actual: isAfterResults ? null : current, pace: round2(paceOn(time)) };
  });
};
