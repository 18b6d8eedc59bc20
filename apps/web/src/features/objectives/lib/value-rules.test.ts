import { describe, expect, it } from 'vitest';
import { valueProblem } from './value-rules.ts';

describe('an objective value is refused, not changed (DESIGN.md §12)', () => {
  it('names the money rule for a currency value: negative, 3 decimals, over the limit', () => {
    expect(valueProblem(-500, 2)).toBe('The amount cannot be negative: enter $0.00 or more.');
    expect(valueProblem(123.456, 2)).toBe('Enter whole cents: at most 2 decimals (e.g. 123.45).');
    expect(valueProblem(1e18, 2)).toMatch(/^The amount can be at most \$[\d,]+\.\d\d\.$/);
    expect(valueProblem(123.45, 2)).toBeNull();
  });

  it('refuses a negative count, a third decimal and a percent over 100', () => {
    expect(valueProblem(-1, 1)).toBe('The value cannot be negative.');
    expect(valueProblem(10.005, 1)).toBe('Enter at most 2 decimals (e.g. 12.25).');
    expect(valueProblem(100.5, 3)).toBe('A percent can be at most 100.');
    expect(valueProblem(100, 3)).toBeNull();
    expect(valueProblem(4242, 1)).toBeNull();
  });
});
