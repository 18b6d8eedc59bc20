/**
 * Currencies and locales (DESIGN.md §17, issue 34), without zod so the web app's first-load code and
 * the server's mails can use them: the ISO 4217 codes Plansmith accepts with their minor units, the
 * display locales, and the one exact conversion to the base currency.
 *
 * Amounts are stored as integer minor units of their own currency (JPY 0 decimals, USD 2, KWD 3) and
 * travel as decimals with at most that many places.
 */

/** ISO 4217 code → minor units (decimals) and English name. Digits are ISO 4217's (checked against Intl in the tests). */
export const CURRENCIES = {
  USD: { digits: 2, name: 'US dollar' },
  EUR: { digits: 2, name: 'Euro' },
  GBP: { digits: 2, name: 'Pound sterling' },
  CHF: { digits: 2, name: 'Swiss franc' },
  CAD: { digits: 2, name: 'Canadian dollar' },
  AUD: { digits: 2, name: 'Australian dollar' },
  NZD: { digits: 2, name: 'New Zealand dollar' },
  SEK: { digits: 2, name: 'Swedish krona' },
  NOK: { digits: 2, name: 'Norwegian krone' },
  DKK: { digits: 2, name: 'Danish krone' },
  PLN: { digits: 2, name: 'Polish złoty' },
  CZK: { digits: 2, name: 'Czech koruna' },
  CNY: { digits: 2, name: 'Chinese yuan' },
  HKD: { digits: 2, name: 'Hong Kong dollar' },
  SGD: { digits: 2, name: 'Singapore dollar' },
  INR: { digits: 2, name: 'Indian rupee' },
  BRL: { digits: 2, name: 'Brazilian real' },
  MXN: { digits: 2, name: 'Mexican peso' },
  ZAR: { digits: 2, name: 'South African rand' },
  AED: { digits: 2, name: 'UAE dirham' },
  ILS: { digits: 2, name: 'Israeli new shekel' },
  JPY: { digits: 0, name: 'Japanese yen' },
  KRW: { digits: 0, name: 'South Korean won' },
  KWD: { digits: 3, name: 'Kuwaiti dinar' },
  BHD: { digits: 3, name: 'Bahraini dinar' },
  OMR: { digits: 3, name: 'Omani rial' },
} as const satisfies Record<string, { digits: 0 | 2 | 3; name: string }>;

export type CurrencyCode = keyof typeof CURRENCIES;
export const CURRENCY_CODES = Object.keys(CURRENCIES) as CurrencyCode[];

/**
 * The currencies a tenant may choose as its BaseCurrency: those with 2 minor units. Every figure of
 * reports and dashboards is in base minor units, and the server's 234 conversions to the wire assume
 * hundredths; a JPY or KWD base is a deliberate gap (issue 34 note). Items and expenses take any code.
 */
export const BASE_CURRENCY_CODES = CURRENCY_CODES.filter((code) => CURRENCIES[code].digits === 2);

export const DEFAULT_CURRENCY: CurrencyCode = 'USD';

export const isCurrencyCode = (value: string): value is CurrencyCode => Object.hasOwn(CURRENCIES, value);

/** Decimals of `currency` (ISO 4217 minor units). */
export const currencyDigits = (currency: CurrencyCode): number => CURRENCIES[currency].digits;

/** "Amount in JPY can have no decimals." / "Amount in KWD can have at most 3 decimals." */
export const currencyDecimalsMessage = (field: string, currency: CurrencyCode): string => {
  const digits = currencyDigits(currency);
  return digits === 0 ? `${field} in ${currency} can have no decimals.` : `${field} in ${currency} can have at most ${digits} decimals.`;
};

/** A decimal amount on the wire (already checked to fit its currency) to integer minor units. */
export const toMinorUnits = (amount: number, currency: CurrencyCode): number => Math.round(amount * 10 ** currencyDigits(currency));

/** Integer minor units (the database's bigint may arrive as a string or bigint) to the wire's decimal; null is 0. */
export const fromMinorUnits = (minor: number | string | bigint | null | undefined, currency: CurrencyCode): number => {
  if (minor === null || minor === undefined) return 0;
  return Number(minor) / 10 ** currencyDigits(currency);
};

/** A rate has at most this many decimals (stored as numeric(20, 8)). */
export const RATE_DECIMALS = 8;
/** The largest rate accepted: 1 unit of a currency = at most this many units of the base. */
export const RATE_MAX = 100_000;

/**
 * `amountMinor` of `currency` in minor units of `base` at `rate` (1 unit of `currency` = `rate` units
 * of `base`), rounded half away from zero to the base's minor unit: the same result as the database's
 * `round(amount_minor * rate * 10 ^ (base digits - currency digits))` over numeric. Exact: BigInt over
 * the rate's 8 decimals, never floating point.
 */
export const convertMinorUnits = (amountMinor: number, currency: CurrencyCode, rate: number, base: CurrencyCode): number => {
  if (currency === base) return amountMinor;
  const rateUnits = BigInt(Math.round(rate * 10 ** RATE_DECIMALS));
  const numerator = BigInt(amountMinor) * rateUnits * 10n ** BigInt(currencyDigits(base));
  const denominator = 10n ** BigInt(RATE_DECIMALS + currencyDigits(currency));
  const quotient = numerator / denominator;
  const remainder = numerator % denominator;
  const magnitude = remainder < 0n ? -remainder : remainder;
  if (2n * magnitude < denominator) return Number(quotient);
  return Number(quotient + (numerator < 0n ? -1n : 1n));
};

/** The display locales a person may choose (profile setting); en-US is the default. */
export const LOCALES = ['en-US', 'en-GB', 'de-DE', 'fr-FR', 'es-ES', 'ja-JP'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en-US';
export const LOCALE_LABELS: Record<Locale, string> = {
  'en-US': 'English (United States)',
  'en-GB': 'English (United Kingdom)',
  'de-DE': 'Deutsch (Deutschland)',
  'fr-FR': 'Français (France)',
  'es-ES': 'Español (España)',
  'ja-JP': '日本語 (日本)',
};
export const isLocale = (value: string): value is Locale => (LOCALES as readonly string[]).includes(value);
