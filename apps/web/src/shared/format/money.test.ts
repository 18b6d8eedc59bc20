import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatMoney,
  formatNumber,
  formatPercent,
  formatBase,
  formatBaseCompact,
  formatBaseWhole,
  sumDollars,
} from './money.ts';

describe('money on screen', () => {
  it('formats dollars as en-US USD with cents', () => {
    expect(formatBase(1234.5)).toBe('$1,234.50');
    expect(formatBase(-0.1)).toBe('-$0.10');
    expect(formatBase(null)).toBe('$0.00');
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

describe('one number formatter', () => {
  it('formats counts with thousands and at most 2 decimals, and compact dollars for axes', () => {
    expect(formatCount(1234.567)).toBe('1,234.57');
    expect(formatCount(2000)).toBe('2,000');
    expect(formatCount(null)).toBe('—');
    // A custom Number field is not money: its decimals are all kept.
    expect(formatNumber(1250.125)).toBe('1,250.125');
    expect(formatNumber(-0.25)).toBe('-0.25');
    expect(formatBaseCompact(125_000)).toBe('$125K');
    expect(formatBaseCompact(1_250_000)).toBe('$1.3M');
    expect(formatBaseWhole(1234.5)).toBe('$1,235');
  });

  it('is the only place in the web app that makes an Intl.NumberFormat or formats a number with toLocaleString', () => {
    const src = join(import.meta.dirname, '../..');
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory()
          ? files(join(dir, entry.name))
          : /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)
            ? [join(dir, entry.name)]
            : [],
      );
    const others = files(src)
      .filter((file) => !file.endsWith(join('shared', 'format', 'money.ts')))
      .filter((file) => /new Intl\.NumberFormat|\.toLocaleString\(/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(src, file));
    expect(others).toEqual([]);
  });
});

describe('an amount in its own currency', () => {
  it('formats with the currency ISO 4217 decimals', () => {
    expect(formatMoney(1200, 'EUR')).toBe('€1,200.00');
    expect(formatMoney(150000, 'JPY')).toBe('¥150,000');
    expect(formatMoney(12.345, 'KWD')).toBe('KWD\u00a012.345');
    expect(formatMoney(19.99, 'USD')).toBe('$19.99');
    expect(formatMoney(null, 'GBP')).toBe('£0.00');
  });
});
