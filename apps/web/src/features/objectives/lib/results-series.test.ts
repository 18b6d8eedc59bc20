import type { ObjectiveDetail } from '@plansmith/contract';
import { describe, expect, it } from 'vitest';
import { buildResultsSeries } from './results-series.ts';

const objective = (fields: Partial<ObjectiveDetail>): ObjectiveDetail =>
  ({
    StartDate: '2026-01-01',
    EndDate: '2026-01-10',
    TargetValue: 100,
    Aggregation: 1,
    Results: [],
    ...fields,
  }) as ObjectiveDetail;

const result = (date: string, value: number) => ({
  Id: date,
  ObjectiveId: 'o',
  Date: date,
  Value: value,
  Note: null,
  CreatedAt: '',
  Version: 1,
});

describe('buildResultsSeries', () => {
  it('runs sums up exactly against a straight pace line and stops the actual line at the last result', () => {
    const series = buildResultsSeries(
      objective({ Results: [result('2026-01-03', 0.1), result('2026-01-03', 0.2), result('2026-01-05', 10)] }),
    );
    expect(series.map(({ date, actual, pace }) => [date, actual, pace])).toEqual([
      ['2026-01-01', 0, 10],
      ['2026-01-03', 0.3, 30],
      ['2026-01-05', 10.3, 50],
      ['2026-01-10', null, 100],
    ]);
  });

  it('holds the latest result against a flat target', () => {
    const series = buildResultsSeries(
      objective({ Aggregation: 2, TargetValue: 25, Results: [result('2026-01-02', 20), result('2026-01-06', 22)] }),
    );
    expect(series.map(({ actual, pace }) => [actual, pace])).toEqual([
      [null, 25],
      [20, 25],
      [22, 25],
      [null, 25],
    ]);
  });
});
