import { describe, expect, it } from 'vitest';
import { durationInMonths, monthOffset, movedPlanDates, shiftDate } from './plan-dates.ts';
import { splitByWeights } from './starter-plays.ts';

describe('moving plan dates by whole months', () => {
  it('counts the months between two dates across a year boundary and backwards', () => {
    expect(monthOffset('2025-11-01', '2026-11-15')).toBe(12);
    expect(monthOffset('2025-11-30', '2026-02-01')).toBe(3);
    expect(monthOffset('2026-03-01', '2025-12-31')).toBe(-3);
  });

  it('keeps the day of the month, clamps it to a shorter month and keeps a month end a month end', () => {
    expect(shiftDate('2026-01-15', 13)).toBe('2027-02-15');
    expect(shiftDate('2026-01-30', 1)).toBe('2026-02-28');
    expect(shiftDate('2026-02-28', 1)).toBe('2026-03-31');
    expect(shiftDate('2028-02-29', 12)).toBe('2029-02-28');
    expect(shiftDate('2026-04-30', -2)).toBe('2026-02-28');
  });

  it('gives a 6-month plan from November the same 6 months a year later', () => {
    expect(movedPlanDates({ startDate: '2025-11-01', endDate: '2026-04-30' }, '2026-11-01')).toEqual({
      offset: 12,
      startDate: '2026-11-01',
      endDate: '2027-04-30',
    });
  });

  it('moves the end by the start month offset when the new start is on another day', () => {
    expect(movedPlanDates({ startDate: '2026-03-15', endDate: '2027-03-14' }, '2026-06-20')).toEqual({
      offset: 3,
      startDate: '2026-06-20',
      endDate: '2027-06-14',
    });
  });

  it('keeps a short plan’s length in days when its moved end would come before the new start', () => {
    expect(movedPlanDates({ startDate: '2026-01-01', endDate: '2026-01-05' }, '2026-03-30')).toEqual({
      offset: 2,
      startDate: '2026-03-30',
      endDate: '2026-04-03',
    });
  });

  it('counts a plan’s calendar months, first and last included', () => {
    expect(durationInMonths('2026-01-01', '2026-12-31')).toBe(12);
    expect(durationInMonths('2025-11-01', '2026-04-30')).toBe(6);
    expect(durationInMonths('2026-05-10', '2026-05-20')).toBe(1);
  });
});

describe('splitting a starter amount by weights', () => {
  it('adds up to the cent and follows the weights', () => {
    const parts = splitByWeights(6_000_000, [0, 0, 4, 3, 2, 1]);
    expect(parts).toEqual([0, 0, 2_400_000, 1_800_000, 1_200_000, 600_000]);
    const odd = splitByWeights(1_000, [1, 1, 1]);
    expect(odd).toEqual([334, 333, 333]);
    expect(odd.reduce((a, b) => a + b, 0)).toBe(1_000);
  });
});
