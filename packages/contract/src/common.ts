import { z } from 'zod';
import { CLIENT_ID, EMPTY_ID, MAX_DATE, MAX_MONEY, MIN_DATE } from './constants.ts';
import { hasAtMostTwoDecimals } from './decimals.ts';

export { CLIENT_ID, EMPTY_ID, MAX_DATE, MAX_MONEY, MIN_DATE, SEARCH_LIMIT } from './constants.ts';

export const ClientIdSchema = z.literal(CLIENT_ID, {
  error: `ClientId must be '${CLIENT_ID}'.`,
});

export const IdSchema = z.uuid({ error: 'Must be a valid id.' }).describe('UUID');

/** An id on Save: the empty id or a missing value means create. */
export const SaveIdSchema = z
  .union([z.literal(EMPTY_ID), IdSchema])
  .optional()
  .describe('Empty id or missing creates; any other id updates.');

export const isNewId = (id: string | undefined | null): boolean => !id || id === EMPTY_ID;

/**
 * A row's version (DESIGN.md §13): 1 when created, one more on every change by anyone. Every read
 * returns it; every update and delete sends back the version the person read, and a different one
 * answers 409 with the current row instead of overwriting someone else's change.
 */
export const VersionSchema = z
  .number({ error: 'Version must be the whole number the row was read with.' })
  .int('Version must be a whole number.')
  .min(1, 'Version starts at 1.')
  .describe('The row’s version as read; a stale one answers 409 (DESIGN.md §13)');

/** A row's version as every read returns it. */
export const RowVersionSchema = z.number().int().min(1).describe('1 when created, one more on every change (DESIGN.md §13)');

/** The message when an update (an Id that is not empty) comes without the version it read. */
export const VERSION_REQUIRED_MESSAGE = 'Version is required when changing a row: send the Version you read with it.';

/**
 * Makes `Version` required when the body updates a row (its `Id` is not empty), for save bodies
 * that create with an empty Id and update otherwise.
 */
export const requireVersionOnUpdate = <T extends { Id?: string | null | undefined; Version?: number | undefined }>(
  value: T,
  context: z.RefinementCtx,
): void => {
  if (!isNewId(value.Id) && value.Version === undefined) {
    context.addIssue({ code: 'custom', message: VERSION_REQUIRED_MESSAGE, path: ['Version'] });
  }
};

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * A calendar date in an answer, YYYY-MM-DD (SPEC.md §9). Without the range: a date stored before
 * the range was enforced must still be shown (and corrected), not turn the answer into a 500.
 */
export const CalendarDateSchema = z
  .string()
  .regex(DATE_PATTERN, 'Must be a date in the form YYYY-MM-DD.')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, 'Must be a real calendar date.')
  .describe('Date, YYYY-MM-DD');

/** A calendar date in a request, YYYY-MM-DD, from MIN_DATE to MAX_DATE: every date the API accepts. */
export const DateOnlySchema = CalendarDateSchema.refine(
  (value) => value >= MIN_DATE && value <= MAX_DATE,
  `Must be a date from ${MIN_DATE} to ${MAX_DATE}.`,
).describe(`Date, YYYY-MM-DD, from ${MIN_DATE} to ${MAX_DATE}`);

/**
 * A plan month, YYYY-MM, in requests and answers. No range of its own: the services accept only
 * months of the plan, whose dates are in DateOnlySchema's range.
 */
export const MonthSchema = z
  .string({ error: 'Month is required.' })
  .regex(MONTH_PATTERN, 'Month must be in the form YYYY-MM.')
  .describe('YYYY-MM');

/**
 * An id the card provider gave (Stripe's and the sandbox's `seti_…`, `price_…`): letters, digits
 * and underscores. Anything else never reaches the provider's SDK, which cannot encode a lone
 * surrogate in a URL.
 */
export const ProviderIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_]{1,255}$/, 'Must be an id from the card provider (letters, digits and underscores).')
  .describe('An id from the card provider');

/** A client secret from the card provider (`seti_…_secret_…`): letters, digits, underscores and dashes. */
export const ProviderSecretSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,500}$/, 'Must be a client secret from the card provider.')
  .describe('A client secret from the card provider');

export const InstantSchema = z.string().describe('ISO-8601 UTC instant');

/**
 * Money on the wire: a decimal number of US dollars with at most two decimals.
 * Stored as integer cents (DESIGN.md §2).
 */
export const MoneySchema = z
  .number({ error: 'Must be an amount in dollars.' })
  .finite()
  .min(-MAX_MONEY, 'Amount is too small.')
  .max(MAX_MONEY, 'Amount is too large.')
  .refine(hasAtMostTwoDecimals, 'Amount can have at most 2 decimals.')
  .describe('US dollars, at most 2 decimals');

export const NonNegativeMoneySchema = MoneySchema.refine((value) => value >= 0, 'Amount cannot be negative.');

export const NameSchema = z
  .string({ error: 'Name is required.' })
  .trim()
  .min(1, 'Name is required.')
  .max(200, 'Name can be at most 200 characters.');

export const DescriptionSchema = z.string().max(4000, 'Description can be at most 4000 characters.').nullish();

export const EmptyBodySchema = z.object({}).describe('No fields');

/** Successful answers of the platform, tenants, comments, registration and payments services. */
export const envelope = <T extends z.ZodType>(result: T) => z.object({ Result: result, Message: z.string().nullable() });

// The failure body lives in error-body.ts (zod/mini): every page's first load reads it.
export {
  type ConflictRow,
  ConflictRowSchema,
  type ErrorBody,
  ErrorBodySchema,
  type FieldError,
  FieldErrorSchema,
} from './error-body.ts';
