// An expense's money in its own currency and in the tenant's base (DESIGN.md §17, issue 34 part C).
// amount_cents stays the base figure every sum reads; a foreign expense also stores its own amount
// (currency, amount_minor) and migration 1070's trigger keeps amount_cents at the purchase month's
// rate. The service converts here first, the same way (convertMinorUnits = the trigger's rounding),
// so the approval threshold sees the base amount before anything is written and a missing rate is
// a 400 naming the fields, not a failed statement.
import {
  amountFitsCurrency,
  type CurrencyCode,
  convertMinorUnits,
  currencyDecimalsMessage,
  toCents,
  toMinorUnits,
} from '@plansmith/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { badRequest, fieldError } from '../../lib/http-errors.ts';
import { fxRates } from '../../schema/currencies.ts';

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** The first day of `date`'s month (YYYY-MM-01). */
export const monthOf = (date: string): string => `${date.slice(0, 7)}-01`;

/** "There is no EUR rate for April 2026: an Admin enters it under Account › Currencies." (the trigger's words, plansmith_missing_rate). */
export const missingRateMessage = (currency: CurrencyCode, date: string): string => {
  const month = MONTH_NAMES[Number(date.slice(5, 7)) - 1] ?? date.slice(5, 7);
  return `There is no ${currency} rate for ${month} ${date.slice(0, 4)}: an Admin enters it under Account › Currencies.`;
};

/** The tenant's rate of `currency` for exactly the month of `date` (numeric as a string), or null. */
export const findMonthRate = async (db: Db, tenantId: string, currency: CurrencyCode, date: string): Promise<string | null> => {
  const [row] = await db
    .select({ rate: fxRates.rate })
    .from(fxRates)
    .where(and(eq(fxRates.tenantId, tenantId), eq(fxRates.currency, currency), eq(fxRates.month, monthOf(date))))
    .limit(1);
  return row?.rate ?? null;
};

/** What an expense row stores: the base currency as none (currency and amountMinor null). */
export type ExpenseMoney = { currency: CurrencyCode | null; amountMinor: number | null; amountCents: number };

/**
 * `amount` (a decimal in `currency`) as the row stores it, with its base figure at the rate of the
 * purchase month. 400 naming Amount when the decimals do not fit the currency; 400 naming
 * PurchaseDate and Currency when the month has no rate (nothing is written).
 */
export const expenseMoney = async (
  db: Db,
  tenantId: string,
  input: { amount: number; currency: CurrencyCode; base: CurrencyCode; purchaseDate: string },
): Promise<ExpenseMoney> => {
  const { amount, currency, base, purchaseDate } = input;
  if (!amountFitsCurrency(amount, currency)) {
    // In the base currency the words every client has always read; in another, the currency's own rule.
    throw fieldError('Amount', currency === base ? 'Amount can have at most 2 decimals.' : currencyDecimalsMessage('Amount', currency));
  }
  if (currency === base) return { currency: null, amountMinor: null, amountCents: toCents(amount) };
  const amountMinor = toMinorUnits(amount, currency);
  const rate = await findMonthRate(db, tenantId, currency, purchaseDate);
  if (rate === null) {
    const message = missingRateMessage(currency, purchaseDate);
    throw badRequest(message, [
      { Field: 'PurchaseDate', Message: message },
      { Field: 'Currency', Message: message },
    ]);
  }
  return { currency, amountMinor, amountCents: convertMinorUnits(amountMinor, currency, Number(rate), base) };
};
