import type { ExpectationRow } from '@plansmith/contract';
import { describe, expect, it } from 'vitest';
import { groupByQuarter, hasForecast, sumRow, varianceText, varianceTone } from './grid-totals.ts';

const row: ExpectationRow = {
  FunnelStageId: '00000000-0000-4000-8000-000000000001',
  Name: 'Lead',
  Cells: [
    { Month: '2026-02', Expected: 10.1, Actual: 9, Version: 2 },
    { Month: '2026-03', Expected: 20.2, Actual: null, Version: 1 },
    { Month: '2026-04', Expected: null, Actual: null, Version: null },
  ],
};

describe('forecast grid totals', () => {
  it('groups a plan that starts mid-quarter into calendar quarters', () => {
    expect(groupByQuarter(['2025-12', '2026-01', '2026-02', '2026-03', '2026-04'])).toEqual([
      { label: 'Q4 2025', months: ['2025-12'] },
      { label: 'Q1 2026', months: ['2026-01', '2026-02', '2026-03'] },
      { label: 'Q2 2026', months: ['2026-04'] },
    ]);
  });

  it('sums a stage over a quarter exactly, and says nothing where nothing was entered', () => {
    // March has no actual yet: the actual total is measured against February's forecast only.
    expect(sumRow(row, new Set(['2026-02', '2026-03']))).toEqual({ expected: 30.3, actual: 9, expectedToDate: 10.1 });
    expect(sumRow(row, new Set(['2026-04']))).toEqual({ expected: null, actual: null, expectedToDate: null });
    expect(hasForecast([row])).toBe(true);
  });

  it('colours the actual by how far it is from the forecast', () => {
    expect(varianceTone(100, 100)).toBe('ahead');
    expect(varianceTone(100, 92)).toBe('near');
    expect(varianceTone(100, 89)).toBe('behind');
    expect(varianceTone(null, 5)).toBeNull();
    expect(varianceText(100, 88)).toBe('12% below the forecast');
  });
});
