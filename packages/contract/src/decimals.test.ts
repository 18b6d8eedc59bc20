import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasAtMostDecimals, hasAtMostTwoDecimals } from './decimals.ts';
import { FunnelCountSchema, ConversionRateSchema } from './funnels.ts';
import { MoneySchema } from './common.ts';
import { ObjectiveValueSchema } from './objectives.ts';

describe('the one "at most N decimals" rule', () => {
  it('accepts values that are inexact in binary but have two decimals (19.99, 0.1 + 0.2 as 0.3, 1,234,567.89)', () => {
    for (const value of [19.99, 0.1 + 0.2, 1_234_567.89, 0, -4.05, 100]) expect(hasAtMostTwoDecimals(value), String(value)).toBe(true);
  });

  it('refuses a third decimal, also at a half cent (12.345, 0.005, 19.991)', () => {
    for (const value of [12.345, 0.005, 19.991, Number.NaN, Number.POSITIVE_INFINITY])
      expect(hasAtMostTwoDecimals(value), String(value)).toBe(false);
  });

  it('counts places for conversion rates too: 0.1234 has four, 0.12345 five', () => {
    expect(hasAtMostDecimals(0.1234, 4)).toBe(true);
    expect(hasAtMostDecimals(0.12345, 4)).toBe(false);
  });

  it('is the rule every contract schema with a decimals limit applies', () => {
    expect(MoneySchema.safeParse(19.99).success).toBe(true);
    expect(MoneySchema.safeParse(19.999).success).toBe(false);
    expect(FunnelCountSchema.safeParse(0.29).success).toBe(true);
    expect(FunnelCountSchema.safeParse(0.295).success).toBe(false);
    expect(ObjectiveValueSchema.safeParse(12.25).success).toBe(true);
    expect(ObjectiveValueSchema.safeParse(12.251).success).toBe(false);
    expect(ConversionRateSchema.safeParse(0.0001).success).toBe(true);
    expect(ConversionRateSchema.safeParse(0.00015).success).toBe(false);
  });
});

const ROOT = join(import.meta.dirname, '../../..');
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name) ? [path] : [];
  });

describe('one definition', () => {
  it('no file but decimals.ts checks decimals by comparing a scaled value with its rounding', () => {
    const copies = ['packages/contract/src', 'apps/server/src', 'apps/web/src']
      .flatMap((dir) => sources(join(ROOT, dir)))
      .filter((file) => !file.endsWith('contract/src/decimals.ts'))
      .filter((file) => /Math\.abs\(Math\.round\([^)]*\)\s*-/.test(readFileSync(file, 'utf8')))
      .map((file) => file.slice(ROOT.length + 1));
    expect(copies).toEqual([]);
  });
});
