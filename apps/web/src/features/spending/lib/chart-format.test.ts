import { describe, expect, it } from 'vitest';
import { formatAxisUsd, formatMonth } from './chart-format.ts';

describe('chart formatting', () => {
  it('writes axis money compactly and months readably', () => {
    expect(formatAxisUsd(125_000)).toBe('$125K');
    expect(formatAxisUsd(1_250_000)).toBe('$1.3M');
    expect(formatAxisUsd(0)).toBe('$0');
    expect(formatMonth('2026-03')).toBe('Mar 2026');
    expect(formatMonth('2026-03', false)).toBe('Mar');
  });
});
