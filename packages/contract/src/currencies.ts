import { z } from 'zod';
import { MAX_MONEY } from './constants.ts';
import { hasAtMostDecimals } from './decimals.ts';
import { MonthSchema, RowVersionSchema, VersionSchema } from './common.ts';
import {
  BASE_CURRENCY_CODES,
  CURRENCY_CODES,
  type CurrencyCode,
  currencyDecimalsMessage,
  currencyDigits,
  LOCALES,
  RATE_DECIMALS,
  RATE_MAX,
} from './currency-codes.ts';
import { defineRoutes } from './route.ts';

export * from './currency-codes.ts';

/**
 * Currencies (DESIGN.md §17, issue 34). A tenant has a BaseCurrency; a plan a Currency (default the
 * base); a budget item or expense may have its own. Every report, dashboard and total is in the base
 * currency: each expense converted at its purchase month's rate, each budget at the plan's budget rate
 * (the rate of the month its baseline was locked; before the lock, today's month), then summed.
 */

export const CurrencyCodeSchema = z
  .enum(CURRENCY_CODES as [CurrencyCode, ...CurrencyCode[]], {
    error: `Currency must be an ISO 4217 code Plansmith supports (${CURRENCY_CODES.join(', ')}).`,
  })
  .describe('ISO 4217 currency code');

export const BaseCurrencySchema = z
  .enum(BASE_CURRENCY_CODES as [CurrencyCode, ...CurrencyCode[]], {
    error: `BaseCurrency must be one of ${BASE_CURRENCY_CODES.join(', ')} (a currency with 2 decimals).`,
  })
  .describe('ISO 4217 code of the tenant’s base currency (2 decimals); every report is in it');

export const LocaleSchema = z
  .enum(LOCALES, { error: `Locale must be one of ${LOCALES.join(', ')}.` })
  .describe('How numbers, amounts and dates are displayed: en-US (default), en-GB, de-DE, fr-FR, es-ES, ja-JP');

/**
 * An amount in its own currency on the wire: a decimal with at most 3 places (the most any supported
 * currency has). Whether it fits ITS currency (JPY 0, USD 2, KWD 3) is checked once the currency is
 * known: `amountFitsCurrency`, which the server applies and answers 400 with `currencyDecimalsMessage`.
 */
export const CurrencyAmountSchema = z
  .number({ error: 'Must be an amount.' })
  .finite()
  .min(-MAX_MONEY, 'Amount is too small.')
  .max(MAX_MONEY, 'Amount is too large.')
  .refine((value) => hasAtMostDecimals(value, 3), 'Amount can have at most 3 decimals.')
  .describe('In the row’s Currency, with at most its minor units of decimals (JPY 0, USD 2, KWD 3)');

export const amountFitsCurrency = (amount: number, currency: CurrencyCode): boolean => hasAtMostDecimals(amount, currencyDigits(currency));

/** Adds a zod issue at `path` when `amount` has more decimals than `currency` allows. */
export const checkAmountFitsCurrency = (
  ctx: z.RefinementCtx,
  amount: number | null | undefined,
  currency: CurrencyCode | null | undefined,
  path: (string | number)[],
  field = 'Amount',
): void => {
  if (amount === null || amount === undefined || !currency) return;
  if (!amountFitsCurrency(amount, currency)) ctx.addIssue({ code: 'custom', path, message: currencyDecimalsMessage(field, currency) });
};

export const RateSchema = z
  .number({ error: 'Rate must be a number.' })
  .finite()
  .gt(0, 'Rate must be more than 0.')
  .max(RATE_MAX, `Rate can be at most ${RATE_MAX.toLocaleString('en-US')}.`)
  .refine((value) => hasAtMostDecimals(value, RATE_DECIMALS), `Rate can have at most ${RATE_DECIMALS} decimals.`)
  .describe('1 unit of Currency = Rate units of the base currency');

export const FxRateSchema = z.object({
  Currency: CurrencyCodeSchema,
  Month: MonthSchema.describe('YYYY-MM: the rate of this calendar month'),
  Rate: RateSchema,
  Version: VersionSchema.nullish().describe(
    'The Version read, required to change a rate that exists (a stale one answers 409); null or missing for a new month',
  ),
});
export type FxRate = z.infer<typeof FxRateSchema>;

export const FxRateReadSchema = FxRateSchema.extend({
  UpdatedAt: z.string().describe('ISO-8601 UTC instant of the last change'),
  Version: RowVersionSchema,
});

export const GetRatesRequestSchema = z.object({
  Currency: CurrencyCodeSchema.optional().describe('Only this currency; all when missing'),
  Year: z.number().int().min(2000).max(2100).optional().describe('Only the months of this year; all when missing'),
});

export const GetRatesResponseSchema = z.object({
  BaseCurrency: BaseCurrencySchema,
  Rates: z.array(FxRateReadSchema).describe('By Currency, then Month'),
  Used: z
    .array(z.object({ Currency: CurrencyCodeSchema, Months: z.array(MonthSchema) }))
    .describe('Currencies other than the base that plans, items or expenses use, with the months that have expenses in them'),
});
export type GetRatesResponse = z.infer<typeof GetRatesResponseSchema>;

export const SaveRatesRequestSchema = z
  .object({
    Rates: z.array(FxRateSchema).min(1, 'Give at least one rate.').max(1200, 'At most 1,200 rates at once.'),
  })
  .superRefine((value, ctx) => {
    const seen = new Set<string>();
    value.Rates.forEach((rate, index) => {
      const key = `${rate.Currency} ${rate.Month}`;
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['Rates', index, 'Month'], message: `${key} is given twice.` });
      seen.add(key);
    });
  });

export const SaveRatesResponseSchema = z.object({
  Saved: z.number().int().describe('Rates created or changed'),
  Reconverted: z.number().int().describe('Budget items and expenses whose base amount was recomputed'),
});

export const ImportRatesRequestSchema = z.object({
  FileName: z.string({ error: 'FileName is required.' }).trim().min(1, 'FileName is required.').max(255),
  ContentBase64: z
    .string({ error: 'ContentBase64 is required.' })
    .min(1, 'The file is empty.')
    .describe('A CSV file with the columns Currency, Month (YYYY-MM) and Rate, base64'),
  DryRun: z.boolean().default(false).describe('Check and answer the rows without saving'),
});

export const ImportRatesResponseSchema = z.object({
  Rows: z.number().int(),
  Saved: z.number().int().describe('0 on a DryRun or when any row has an error (nothing is saved then)'),
  Errors: z.array(z.object({ Row: z.number().int().describe('1-based, the header is row 1'), Message: z.string() })),
});

export const currencyRoutes = defineRoutes({
  getRates: {
    method: 'POST',
    path: '/api/CurrencyClient/GetRates',
    access: 'authenticated',
    summary: 'The tenant’s monthly rates to its base currency, and which currencies and months are in use.',
    body: GetRatesRequestSchema,
    response: GetRatesResponseSchema,
    tags: ['currencies'],
  },
  saveRates: {
    method: 'POST',
    path: '/api/CurrencyClient/SaveRates',
    access: 'Account.Settings',
    summary:
      'Create or change monthly rates (Owner, Admin). Base amounts of the expenses of that currency and month, and of budgets converted at it, are recomputed in the same transaction; a month closed in a plan with expenses in that currency is 409.',
    body: SaveRatesRequestSchema,
    response: SaveRatesResponseSchema,
    tags: ['currencies'],
  },
  importRates: {
    method: 'POST',
    path: '/api/CurrencyClient/ImportRates',
    access: 'Account.Settings',
    summary: 'Rates from a CSV (Currency, Month, Rate): all rows or none; each bad row named with its number and reason.',
    body: ImportRatesRequestSchema,
    response: ImportRatesResponseSchema,
    tags: ['currencies'],
  },
});
