import { describe, expect, it } from 'vitest';
import { planNameForDates } from './plan-names.ts';

describe('a plan name that matches its dates', () => {
  it('names a calendar or fiscal year by the year it ends in', () => {
    expect(planNameForDates('2027-01-01', '2027-12-31')).toBe('FY2027 plan');
    expect(planNameForDates('2026-07-01', '2027-06-30')).toBe('FY2027 plan');
    // A fiscal year ending in a leap February.
    expect(planNameForDates('2027-03-01', '2028-02-29')).toBe('FY2028 plan');
  });

  it('names any other span by its first and last months', () => {
    expect(planNameForDates('2026-11-27', '2027-11-27')).toBe('Plan Nov 2026 – Nov 2027');
    // One day short of, or past, a fiscal year is not one.
    expect(planNameForDates('2027-01-01', '2027-12-30')).toBe('Plan Jan 2027 – Dec 2027');
    expect(planNameForDates('2027-01-01', '2028-01-01')).toBe('Plan Jan 2027 – Jan 2028');
    expect(planNameForDates('2027-01-02', '2027-12-31')).toBe('Plan Jan 2027 – Dec 2027');
    expect(planNameForDates('2027-03-01', '2027-03-31')).toBe('Plan Mar 2027');
  });
});
