import { z } from 'zod';
import { CLIENT_ID, EMPTY_ID, MAX_MONEY } from './constants.ts';

export { CLIENT_ID, EMPTY_ID, MAX_MONEY, SEARCH_LIMIT } from './constants.ts';

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

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date, YYYY-MM-DD (SPEC.md §9). */
export const DateOnlySchema = z
  .string()
  .regex(DATE_PATTERN, 'Must be a date in the form YYYY-MM-DD.')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, 'Must be a real calendar date.')
  .describe('Date, YYYY-MM-DD');

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
  .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, 'Amount can have at most 2 decimals.')
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
export { type ErrorBody, ErrorBodySchema, type FieldError, FieldErrorSchema } from './error-body.ts';
