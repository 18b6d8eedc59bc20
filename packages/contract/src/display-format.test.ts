import { describe, expect, it } from 'vitest';
import { LOCALES } from './currency-codes.ts';
import { formatBothIn, formatCountIn, formatDateIn, formatMinor, formatMinorIn, formatMonthIn, formatMoneyIn } from './display-format.ts';

describe('display format for mails and exports (DESIGN.md §17)', () => {
  it.each(LOCALES)('%s: money in USD, EUR, JPY and KWD, a count, a date and a month (snapshot)', (locale) => {
    expect({
      usd: formatMinorIn(locale, -123450, 'USD'),
      eur: formatMoneyIn(locale, 1234.5, 'EUR'),
      jpy: formatMinorIn(locale, 150000, 'JPY'),
      kwd: formatMinorIn(locale, 12345, 'KWD'),
      both: formatBothIn(locale, 1200, 'EUR', 1299, 'USD'),
      count: formatCountIn(locale, 1234.5),
      date: formatDateIn(locale, '2027-12-31'),
      month: formatMonthIn(locale, '2026-03'),
    }).toMatchSnapshot();
  });

  it('reads minor units with the currency decimals: cents, yen, fils', () => {
    expect(formatMinor(1999)).toBe('$19.99');
    expect(formatMinor(1999, { locale: 'en-US', currency: 'JPY' })).toBe('¥1,999');
    expect(formatMinor(1999, { locale: 'en-US', currency: 'KWD' })).toBe('KWD\u00a01.999');
    expect(formatMinor(-50, { locale: 'de-DE', currency: 'EUR' })).toBe('-0,50\u00a0€');
  });

  it('shows one amount when the row is in the base currency', () => {
    expect(formatBothIn('en-US', 19.99, 'USD', 19.99, 'USD')).toBe('$19.99');
    expect(formatBothIn('en-GB', 1200, 'EUR', 1299, 'USD')).toBe('€1,200.00 (US$1,299.00)');
  });

  it('keeps a calendar date on its day in every zone', () => {
    expect(formatDateIn('en-US', '2026-01-01')).toBe('Jan 1, 2026');
    expect(formatDateIn('de-DE', '2026-03-31T23:30:00Z')).toBe('31.03.2026');
  });
});
