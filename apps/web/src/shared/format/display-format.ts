import { DEFAULT_CURRENCY, DEFAULT_LOCALE, isCurrencyCode, isLocale, type Locale } from '@plansmith/contract/currency-codes';

/**
 * How numbers, money and dates are shown (DESIGN.md §17): the person's locale (profile `Locale`) and
 * the tenant's base currency (every total, report and dashboard figure is in it). money.ts and
 * dates.ts read it; the app shell sets it once the profile and tenant load (applyDisplayFormat).
 *
 * The last one used is kept in localStorage, so the next visit draws its first screen in the person's
 * format before the profile has answered; only a change (another person on this browser, or a new
 * choice) redraws the page once.
 */
export type DisplayFormat = { locale: Locale; baseCurrency: string };

const STORED_KEY = 'display_format';
const DEFAULT_FORMAT: DisplayFormat = { locale: DEFAULT_LOCALE, baseCurrency: DEFAULT_CURRENCY };

const readStoredFormat = (): DisplayFormat => {
  try {
    const stored = JSON.parse(localStorage.getItem(STORED_KEY) ?? 'null') as Partial<DisplayFormat> | null;
    if (
      stored &&
      typeof stored.locale === 'string' &&
      isLocale(stored.locale) &&
      typeof stored.baseCurrency === 'string' &&
      isCurrencyCode(stored.baseCurrency)
    )
      return { locale: stored.locale, baseCurrency: stored.baseCurrency };
  } catch {
    // No storage (private mode, tests without a DOM) or a damaged value: the default.
  }
  return DEFAULT_FORMAT;
};

let current: DisplayFormat = readStoredFormat();
/** Bumped on every change: each formatter remembers the generation it was made in and is made again after. */
let generation = 0;

export const displayFormat = (): DisplayFormat => current;
export const displayGeneration = (): number => generation;

/**
 * Makes `next` (missing parts unchanged) the display format; returns the generation, which changes
 * only when the format did. Idempotent, so the shell may call it while it renders.
 */
export const setDisplayFormat = (next: { locale?: Locale | undefined; baseCurrency?: string | undefined }): number => {
  const locale = next.locale ?? current.locale;
  const baseCurrency = next.baseCurrency ?? current.baseCurrency;
  if (locale === current.locale && baseCurrency === current.baseCurrency) return generation;
  current = { locale, baseCurrency };
  generation += 1;
  try {
    localStorage.setItem(STORED_KEY, JSON.stringify(current));
  } catch {
    // Storage refused: the next visit starts from the default and corrects itself when the profile loads.
  }
  return generation;
};
