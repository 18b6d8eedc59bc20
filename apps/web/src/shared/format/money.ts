import { sumCents, toDollars } from '@plansmith/contract';

/*
 * The app's one number formatter (DESIGN.md §6: en-US USD everywhere): money, counts and percents on
 * every screen and chart come from here. Each Intl.NumberFormat is made on its first use, so a first
 * load that shows only dollars pays for one.
 */
const displayLocale = 'en-US';
/** Bumped when the locale or base currency changes: every formatter made before is made again on its next use. */
const generation = 0;

const lazyFormat = (options: Intl.NumberFormatOptions) => {
  let made: Intl.NumberFormat | undefined;
  let madeIn = -1;
  return (value: number): string => {
    if (!made || madeIn !== generation) {
      made = new Intl.NumberFormat(displayLocale, options);
      madeIn = generation;
    }
    return made.format(value);
  };
};

const ownCurrency = new Map<string, Intl.NumberFormat>();
let ownCurrencyIn = -1;

/**
 * An amount in its own currency (a budget item's or expense's `Amount` with its `Currency`), with that
 * currency's ISO 4217 decimals in the person's locale: (1200, 'EUR') → "€1,200.00", (150000, 'JPY') →
 * "¥150,000", (12.345, 'KWD') → "KWD 12.345". Base-currency figures use formatUsd.
 */
export const formatMoney = (amount: number | null | undefined, currency: string): string => {
  if (ownCurrencyIn !== generation) {
    ownCurrency.clear();
    ownCurrencyIn = generation;
  }
  let made = ownCurrency.get(currency);
  if (!made) {
    made = new Intl.NumberFormat(displayLocale, { style: 'currency', currency });
    ownCurrency.set(currency, made);
  }
  return made.format(amount ?? 0);
};

const usd = lazyFormat({ style: 'currency', currency: 'USD' });
const usdWhole = lazyFormat({ style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const usdCompact = lazyFormat({
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
});
const percent = lazyFormat({ style: 'percent', maximumFractionDigits: 0 });
const count = lazyFormat({ maximumFractionDigits: 2 });
const plain = lazyFormat({ maximumFractionDigits: 20 });

/** Dollars from the wire to en-US USD: 1234.5 → "$1,234.50". */
export const formatUsd = (dollars: number | null | undefined): string => usd(dollars ?? 0);

/** For chart axes: 1234.5 → "$1,235". */
export const formatUsdWhole = (dollars: number | null | undefined): string => usdWhole(dollars ?? 0);

/** For chart axes with large amounts: 125000 → "$125K", 1250000 → "$1.3M". */
export const formatUsdCompact = (dollars: number): string => usdCompact(dollars);

/** A rate (0.256) as a whole percent (SPEC.md §9: rate × 100): "26%". */
export const formatPercent = (rate: number | null | undefined): string => percent(rate ?? 0);

/** A count (people, deals, rows; at most 2 decimals), thousands separated: 1234.5 → "1,234.5"; none → "—". */
export const formatCount = (value: number | null | undefined): string => (value === null || value === undefined ? '—' : count(value));

/** A custom Number field's value (not money: every decimal kept), thousands separated: 1250.125 → "1,250.125". */
export const formatNumber = (value: number): string => plain(value);

/** Adds dollar amounts exactly, through the contract's integer cents. */
export const sumDollars = (amounts: readonly number[]): number => toDollars(sumCents(amounts));
