import { describe, expect, it } from 'vitest';
import { addDays, durationInMonths, monthOffset, movedPlanDates, shiftDate } from './plan-dates.ts';

describe('plan dates at their boundaries', () => {
  it('keeps a one-day-long move whose end lands exactly on the new start', () => {
    // 2026-01-01..2026-01-05 moved to start 2026-03-05: the end moves to 2026-03-05 too, the new start itself.
    expect(movedPlanDates({ startDate: '2026-01-01', endDate: '2026-01-05' }, '2026-03-05')).toEqual({
      offset: 2,
      startDate: '2026-03-05',
      endDate: '2026-03-05',
    });
  });

  it('keeps the length in days of a plan moved one day into its month', () => {
    expect(movedPlanDates({ startDate: '2026-01-01', endDate: '2026-01-05' }, '2026-03-06').endDate).toBe('2026-03-10');
  });

  it('moves backwards across a year and keeps December 31 a month end', () => {
    expect(shiftDate('2026-01-31', -1)).toBe('2025-12-31');
    expect(shiftDate('2026-01-15', -1)).toBe('2025-12-15');
    expect(shiftDate('2026-12-01', 1)).toBe('2027-01-01');
    expect(shiftDate('2026-03-09', 0)).toBe('2026-03-09');
  });

  it('counts a date in its own month as no offset and one month of plan', () => {
    expect(monthOffset('2026-05-31', '2026-05-01')).toBe(0);
    expect(durationInMonths('2026-05-31', '2026-05-31')).toBe(1);
  });

  it('adds days across a month end and a leap day', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-05', 0)).toBe('2026-03-05');
  });
});
