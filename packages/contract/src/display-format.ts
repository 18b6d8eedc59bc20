/**
 * The one way Plansmith writes money, numbers and dates for people (DESIGN.md §17, issue 34), without
 * zod so the server's mails and exports and the web app's formatting module share it: Intl in the
 * reader's locale (en-US by default), a currency's ISO 4217 decimals (JPY 0, USD 2, KWD 3).
 *
 * Messages that every reader shares (errors, activity lines, seeds) use en-US and name the currency;
 * a mail uses its recipient's locale.
 */
import { type CurrencyCode, currencyDigits, DEFAULT_CURRENCY, DEFAULT_LOCALE, isCurrencyCode } from './currency-codes.ts';

/** How a reader sees amounts: their locale and the currency of the figure (the tenant's base for totals). */
export type MoneyFormat = { locale: string; currency: string };

/** en-US and USD: SPEC.md's format, for texts without one reader. */
export const DEFAULT_MONEY_FORMAT: MoneyFormat = { locale: DEFAULT_LOCALE, currency: DEFAULT_CURRENCY };

const numberFormats = new Map<string, Intl.NumberFormat>();
const numberFormat = (locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat => {
  const key = `${locale} ${JSON.stringify(options)}`;
  let made = numberFormats.get(key);
  if (!made) {
    made = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, made);
  }
  return made;
};

/** A decimal amount in `currency` for a reader in `locale`: (de-DE, 1234.5, EUR) → "1.234,50 €"; (en-US, 150000, JPY) → "¥150,000". */
export const formatMoneyIn = (locale: string, amount: number, currency: string): string =>
  numberFormat(locale, { style: 'currency', currency }).format(amount);

/** Integer minor units of `currency` (cents of USD, yen, fils of KWD): (en-US, 12345, KWD) → "KWD 12.345". */
export const formatMinorIn = (locale: string, minor: number, currency: string): string =>
  formatMoneyIn(locale, minor / 10 ** (isCurrencyCode(currency) ? currencyDigits(currency as CurrencyCode) : 2), currency);

/** Minor units as `format` reads them (a mail's recipient, the tenant's base): the servers' `formatCents`. */
export const formatMinor = (minor: number, format: MoneyFormat = DEFAULT_MONEY_FORMAT): string =>
  formatMinorIn(format.locale, minor, format.currency);

/**
 * An amount in another currency than the base with its base figure, as every screen and mail shows
 * both (DESIGN.md §17): "€1,200.00 ($1,299.00)"; only the base one when the currencies are the same.
 */
export const formatBothIn = (locale: string, amount: number, currency: string, baseAmount: number, baseCurrency: string): string =>
  currency === baseCurrency
    ? formatMoneyIn(locale, baseAmount, baseCurrency)
    : `${formatMoneyIn(locale, amount, currency)} (${formatMoneyIn(locale, baseAmount, baseCurrency)})`;

/** A count in `locale`: (de-DE, 1234.5) → "1.234,5"; at most 2 decimals. */
export const formatCountIn = (locale: string, value: number): string => numberFormat(locale, { maximumFractionDigits: 2 }).format(value);

const dateFormats = new Map<string, Intl.DateTimeFormat>();
const dateFormat = (locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat => {
  const key = `${locale} ${JSON.stringify(options)}`;
  let made = dateFormats.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(locale, options);
    dateFormats.set(key, made);
  }
  return made;
};

/** A calendar date (YYYY-MM-DD) as its day, whatever the zone: "Dec 31, 2027" (en-US), "31.12.2027" (de-DE), "2027/12/31" (ja-JP). */
export const formatDateIn = (locale: string, date: string): string => {
  const [year = 0, month = 1, day = 1] = date.slice(0, 10).split('-').map(Number);
  return dateFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(Date.UTC(year, month - 1, day)));
};

/** A month (YYYY-MM or a date in it): "March 2026" (en-US), "März 2026" (de-DE), "2026年3月" (ja-JP). */
export const formatMonthIn = (locale: string, month: string): string => {
  const [year = 0, monthNumber = 1] = month.slice(0, 7).split('-').map(Number);
  return dateFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(year, monthNumber - 1, 1)));
};
