import { sumCents, toDollars } from '@plansmith/contract';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const usdWhole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 0 });

/** Dollars from the wire to en-US USD: 1234.5 → "$1,234.50". */
export const formatUsd = (dollars: number | null | undefined): string => usd.format(dollars ?? 0);

/** For chart axes: 1234.5 → "$1,235". */
export const formatUsdWhole = (dollars: number | null | undefined): string => usdWhole.format(dollars ?? 0);

/** A rate (0.256) as a whole percent (SPEC.md §9: rate × 100): "26%". */
export const formatPercent = (rate: number | null | undefined): string => percent.format(rate ?? 0);

/** Adds dollar amounts exactly, through the contract's integer cents. */
export const sumDollars = (amounts: readonly number[]): number => toDollars(sumCents(amounts));
