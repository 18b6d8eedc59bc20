import { describe, expect, it } from 'vitest';
import { itemsText, monthsText, nextYear } from './play-text.ts';

describe('play texts', () => {
  it('counts months and items in words', () => {
    expect(monthsText(1)).toBe('1 month');
    expect(monthsText(12)).toBe('12 months');
    expect(itemsText(0)).toBe('0 items');
  });

  it('moves a start date a year on, Feb 29 to Feb 28', () => {
    expect(nextYear('2026-01-01')).toBe('2027-01-01');
    expect(nextYear('2028-02-29')).toBe('2029-02-28');
    expect(nextYear('2027-02-28')).toBe('2028-02-28');
  });
});
