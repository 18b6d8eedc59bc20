import { METRIC_TYPE_COUNT, METRIC_TYPE_CURRENCY, METRIC_TYPE_PERCENT } from '@plansmith/contract';
import { describe, expect, it } from 'vitest';
import { paceOf } from './objectives.mappers.ts';

// The pace on the wire (issue 28): a count is a whole number of people or deals, half up; a money
// or a percent metric keeps its hundredths.
describe('the pace an objective shows', () => {
  it('shows a count as whole people: 498.63 leads by today is 499, 498.50 is 499, 498.49 is 498', () => {
    expect(paceOf(METRIC_TYPE_COUNT, 49863n)).toBe(499);
    expect(paceOf(METRIC_TYPE_COUNT, 49850n)).toBe(499);
    expect(paceOf(METRIC_TYPE_COUNT, 49849n)).toBe(498);
    expect(paceOf(METRIC_TYPE_COUNT, 0n)).toBe(0);
  });

  it('keeps the cents of a money pace and the hundredths of a percent pace', () => {
    expect(paceOf(METRIC_TYPE_CURRENCY, 49863n)).toBe(498.63);
    expect(paceOf(METRIC_TYPE_PERCENT, 1999n)).toBe(19.99);
    expect(paceOf(METRIC_TYPE_CURRENCY, 50n)).toBe(0.5);
  });
});
