import { describe, expect, it } from 'vitest';
import { formatPercent, formatUsd, sumDollars } from './money.ts';

describe('money on screen', () => {
  it('formats dollars as en-US USD with cents', () => {
    expect(formatUsd(1234.5)).toBe('$1,234.50');
    expect(formatUsd(-0.1)).toBe('-$0.10');
    expect(formatUsd(null)).toBe('$0.00');
  });

  it('shows a burn rate as a whole percent', () => {
    expect(formatPercent(0.256)).toBe('26%');
    expect(formatPercent(1.5)).toBe('150%');
  });

  it('adds amounts exactly to the cent where floating point would drift', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(sumDollars([0.1, 0.2])).toBe(0.3);
    expect(sumDollars(Array.from({ length: 1000 }, () => 19.99))).toBe(19990);
  });
});
