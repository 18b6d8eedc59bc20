import { sumCents, toDollars } from '@plansmith/contract';
import { formatMoneyIn } from '@plansmith/contract/display-format';
import { displayFormat, displayGeneration } from './display-format.ts';

/*
 * The app's one number formatter: money, counts and percents on every screen and chart come from here,
 * in the person's locale and the tenant's base currency (DESIGN.md §17; en-US and USD by default:
 * display-format.ts). Each Intl.NumberFormat is made on its first use, so a first load that shows only
 * base amounts pays for one.
 */
/**
 * A formatter made on first use in the display locale, and made again after the locale or base
 * currency changed (display-format.ts); `options` may read the base currency.
 */
const lazyFormat = (options: (baseCurrency: string) => Intl.NumberFormatOptions) => {
  let made: Intl.NumberFormat | undefined;
  let madeIn = -1;
  return (value: number): string => {
    if (!made || madeIn !== displayGeneration()) {
      const { locale, baseCurrency } = displayFormat();
      made = new Intl.NumberFormat(locale, options(baseCurrency));
      madeIn = displayGeneration();
    }
    return made.format(value);
  };
};

/**
 * An amount in its own currency (a budget item's or expense's `Amount` with its `Currency`), with that
 * currency's ISO 4217 decimals in the person's locale: (1200, 'EUR') → "€1,200.00", (150000, 'JPY') →
 * "¥150,000", (12.345, 'KWD') → "KWD 12.345" in en-US; "1.200,00 €" in de-DE. The contract's
 * formatter, the one the server's mails use. Base-currency figures use formatBase.
 */
export const formatMoney = (amount: number | null | undefined, currency: string): string =>
  formatMoneyIn(displayFormat().locale, amount ?? 0, currency);

/** The tenant's base currency (ISO code): the currency of formatBase and of every total. */
export const baseCurrency = (): string => displayFormat().baseCurrency;

/**
 * An item's or expense's amount when it is in another currency than the base: its own amount and the
 * base one, and the label that reads both ("€1,200.00 ($1,299.00)"); `base` is null in the base currency.
 */
export const formatBothAmounts = (
  amount: number | null | undefined,
  currency: string,
  baseAmount: number | null | undefined,
): { own: string; base: string | null; label: string } => {
  const own = formatMoney(amount, currency);
  if (currency === baseCurrency()) return { own, base: null, label: own };
  const base = formatBase(baseAmount);
  return { own, base, label: `${own} (${base})` };
};

const base = lazyFormat((currency) => ({ style: 'currency', currency }));
const baseWhole = lazyFormat((currency) => ({ style: 'currency', currency, minimumFractionDigits: 0, maximumFractionDigits: 0 }));
const baseCompact = lazyFormat((currency) => ({
  style: 'currency',
  currency,
  notation: 'compact',
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
}));
const percent = lazyFormat(() => ({ style: 'percent', maximumFractionDigits: 0 }));
const count = lazyFormat(() => ({ maximumFractionDigits: 2 }));
const plain = lazyFormat(() => ({ maximumFractionDigits: 20 }));

/**
 * A base-currency amount from the wire (every total, report and dashboard figure) in the person's
 * locale: 1234.5 → "$1,234.50" (en-US, USD), "1.234,50 €" (de-DE, EUR base).
 */
export const formatBase = (amount: number | null | undefined): string => base(amount ?? 0);

/** For chart axes, whole base-currency units: 1234.5 → "$1,235". */
export const formatBaseWhole = (dollars: number | null | undefined): string => baseWhole(dollars ?? 0);

/** For chart axes with large amounts: 125000 → "$125K", 1250000 → "$1.3M" (de-DE: "1,3 Mio. $"). */
export const formatBaseCompact = (dollars: number): string => baseCompact(dollars);

/** A rate (0.256) as a whole percent (SPEC.md §9: rate × 100): "26%". */
export const formatPercent = (rate: number | null | undefined): string => percent(rate ?? 0);

/** A count (people, deals, rows; at most 2 decimals), thousands separated: 1234.5 → "1,234.5"; none → "—". */
export const formatCount = (value: number | null | undefined): string => (value === null || value === undefined ? '—' : count(value));

/** A custom Number field's value (not money: every decimal kept), thousands separated: 1250.125 → "1,250.125". */
export const formatNumber = (value: number): string => plain(value);

/** Adds dollar amounts exactly, through the contract's integer cents. */
export const sumDollars = (amounts: readonly number[]): number => toDollars(sumCents(amounts));
