import { LOCALES } from '@plansmith/contract/currency-codes';
import { afterEach, describe, expect, it } from 'vitest';
import { parseTypedDate } from '../ui/date-input.tsx';
import { dateInputHint, formatDate, formatDateTime, formatMonth } from './dates.ts';
import { displayFormat, setDisplayFormat } from './display-format.ts';
import { formatBothAmounts, formatCount, formatMoney, formatPercent, formatBase, formatBaseCompact, formatBaseWhole } from './money.ts';

afterEach(() => {
  setDisplayFormat({ locale: 'en-US', baseCurrency: 'USD' });
});

/** What a person in `locale` sees of the same figures (DESIGN.md §17). */
const shown = (locale: (typeof LOCALES)[number]) => {
  setDisplayFormat({ locale, baseCurrency: 'USD' });
  return {
    usd: formatMoney(-1234.5, 'USD'),
    eur: formatMoney(1234.5, 'EUR'),
    jpy: formatMoney(150000, 'JPY'),
    kwd: formatMoney(12.345, 'KWD'),
    base: formatBase(19.99),
    axis: formatBaseCompact(1_250_000),
    whole: formatBaseWhole(1234.5),
    percent: formatPercent(0.256),
    count: formatCount(1234.5),
    date: formatDate('2027-12-31'),
    month: formatMonth('2026-03'),
    instant: formatDateTime('2026-03-04T15:05:00Z'),
  };
};

describe('formatting per locale (snapshots)', () => {
  // The instant is shown in the browser's zone: the tests run in UTC (the vitest config's TZ).
  it.each(LOCALES)('%s', (locale) => {
    expect(shown(locale)).toMatchSnapshot();
  });

  it('formats the base figures in the tenant base currency', () => {
    setDisplayFormat({ locale: 'de-DE', baseCurrency: 'EUR' });
    expect(formatBase(1299)).toBe('1.299,00\u00a0€');
    expect(formatBaseWhole(1234.5)).toBe('1.235\u00a0€');
    setDisplayFormat({ locale: 'en-GB', baseCurrency: 'GBP' });
    expect(formatBase(-0.1)).toBe('-£0.10');
  });

  it('remakes every formatter when the locale changes, and changes nothing when it is set again', () => {
    expect(formatBase(1234.5)).toBe('$1,234.50');
    expect(formatMoney(1234.5, 'EUR')).toBe('€1,234.50');
    const generation = setDisplayFormat({ locale: 'fr-FR' });
    expect(setDisplayFormat({ locale: 'fr-FR', baseCurrency: undefined })).toBe(generation);
    expect(displayFormat()).toEqual({ locale: 'fr-FR', baseCurrency: 'USD' });
    expect(formatBase(1234.5)).toBe('1\u202f234,50\u00a0$US');
    expect(formatMoney(1234.5, 'EUR')).toBe('1\u202f234,50\u00a0€');
    expect(formatDate('2026-03-04')).toBe('4 mars 2026');
  });

  it('shows both amounts of a row in another currency than the base, and one in the base', () => {
    setDisplayFormat({ locale: 'en-US', baseCurrency: 'USD' });
    expect(formatBothAmounts(1200, 'EUR', 1299)).toEqual({ own: '€1,200.00', base: '$1,299.00', label: '€1,200.00 ($1,299.00)' });
    expect(formatBothAmounts(19.99, 'USD', 19.99)).toEqual({ own: '$19.99', base: null, label: '$19.99' });
    setDisplayFormat({ locale: 'de-DE' });
    expect(formatBothAmounts(150000, 'JPY', 1003.5).label).toBe('150.000\u00a0¥ (1.003,50\u00a0$)');
  });

  it('keeps a calendar date on its day whatever the browser zone', () => {
    setDisplayFormat({ locale: 'ja-JP' });
    expect(formatDate('2026-01-01')).toBe('2026/01/01');
    expect(formatDate(null)).toBe('—');
  });
});

describe('date typing per locale', () => {
  it.each([
    ['en-US', '12/31/2027', '2027-12-31'],
    ['en-US', '04/03/2027', '2027-04-03'],
    ['en-GB', '31/12/2027', '2027-12-31'],
    ['en-GB', '04/03/2027', '2027-03-04'],
    ['en-GB', '12/31/2027', '2027-12-31'],
    ['de-DE', '31.12.2027', '2027-12-31'],
    ['de-DE', '1.2.2027', '2027-02-01'],
    ['fr-FR', '31/12/2027', '2027-12-31'],
    ['es-ES', '04/03/2027', '2027-03-04'],
    ['ja-JP', '2027/12/31', '2027-12-31'],
    ['ja-JP', '2027/1/5', '2027-01-05'],
    // The forms every locale kept.
    ['de-DE', '2027-12-31', '2027-12-31'],
    ['de-DE', 'Dec 31, 2027', '2027-12-31'],
    ['ja-JP', '12/31/2027', '2027-12-31'],
  ] as const)('%s reads %s as %s', (locale, typed, date) => {
    expect(parseTypedDate(typed, locale)?.format('YYYY-MM-DD')).toBe(date);
  });

  it('refuses what is no date in the locale', () => {
    expect(parseTypedDate('31.12.2027', 'en-US')).toBeNull();
    expect(parseTypedDate('31.02.2027', 'de-DE')).toBeNull();
    expect(parseTypedDate('2027/13/01', 'ja-JP')).toBeNull();
  });

  it('names the locale order first in the hint', () => {
    expect(dateInputHint('en-US')).toBe('YYYY-MM-DD, MM/DD/YYYY or MMM D, YYYY');
    expect(dateInputHint('de-DE')).toBe('DD.MM.YYYY, YYYY-MM-DD, MM/DD/YYYY or MMM D, YYYY');
    expect(dateInputHint('en-GB')).toBe('DD/MM/YYYY, YYYY-MM-DD, MM/DD/YYYY or MMM D, YYYY');
  });
});
