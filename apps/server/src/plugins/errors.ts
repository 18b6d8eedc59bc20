import type { ConflictRow, ErrorBody, FieldError } from '@plansmith/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import Stripe from 'stripe';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { HttpError } from '../lib/http-errors.ts';

/** Seconds a client should wait before retrying while the database is unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

const fieldName = (instancePath: string): string => instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';

/** Maps Postgres errors a client can cause to 4xx answers. */
const databaseError = (error: { code?: unknown; message?: unknown }): { status: number; message: string } | null => {
  switch (error.code) {
    case 'PSC01': // migration 1021: a write dated in a closed month; the trigger's message names the month
      return { status: 409, message: typeof error.message === 'string' ? error.message : 'That month is closed.' };
    case 'PSF01': // migration 1070: no rate to convert a foreign amount; the trigger's message names the currency and month
    case 'PSF02': // migration 1070: a base amount written without the row's own amount
      return { status: 400, message: typeof error.message === 'string' ? error.message : 'A rate is missing.' };
    case '23505':
      return { status: 409, message: 'That conflicts with an existing record.' };
    case '23503':
      return { status: 400, message: 'A referenced record does not exist.' };
    case '22021': // invalid byte sequence, e.g. a NUL character in text
    case '22P05': // untranslatable character, e.g. \u0000 in jsonb
      return { status: 400, message: 'A text value contains a character that cannot be stored.' };
    case '40P01': // deadlock: PostgreSQL rolled this transaction back so that the other could finish
    case '40001': // serialization failure
      return {
        status: 409,
        message: 'Someone else was saving the same figures at the same moment, so nothing was saved. Please try again.',
      };
    case '22001': // value too long for its column
    case '23514':
    case '22P02':
    case '22003':
    case '22007':
    case '22008':
      return { status: 400, message: 'A value is out of range or malformed.' };
    default:
      return null;
  }
};

/** Our words for a card the provider refused, by Stripe's decline_code or code; Stripe's own text is not shown. */
const CARD_MESSAGES: Record<string, string> = {
  insufficient_funds: 'Your card has insufficient funds. Please use another card.',
  expired_card: 'Your card has expired. Please use another card.',
  incorrect_cvc: "The card's security code is not correct. Please check it and try again.",
  invalid_cvc: "The card's security code is not correct. Please check it and try again.",
  incorrect_number: 'The card number is not correct. Please check it and try again.',
  invalid_number: 'The card number is not correct. Please check it and try again.',
  invalid_expiry_month: "The card's expiry date is not valid. Please check it or use another card.",
  invalid_expiry_year: "The card's expiry date is not valid. Please check it or use another card.",
};
export const CARD_DECLINED = 'Your card was declined. Please use another card or contact your bank.';
export const PROVIDER_FAILED = 'The card provider could not complete the request. Please try again in a few minutes.';

/** Our message for a card error (a thrown one, or a SetupIntent's last_setup_error). */
export const cardErrorMessage = (error: { code?: string | null; decline_code?: string | null } | null | undefined): string =>
  CARD_MESSAGES[error?.decline_code ?? ''] ?? CARD_MESSAGES[error?.code ?? ''] ?? CARD_DECLINED;

/** A card-provider failure that is not the card's: answered 502, its cause logged by the error handler. */
class ProviderFailure extends HttpError {
  constructor(readonly providerError: Stripe.errors.StripeError) {
    super(502, PROVIDER_FAILED);
  }
}

export const isProviderError = (error: unknown): error is Stripe.errors.StripeError => error instanceof Stripe.errors.StripeError;

/** What a call site expects from the provider and answers in its own words. */
export type ProviderOutcomes = {
  /** The provider has no such object: an id the caller sent that is stale or not theirs. */
  missing?: HttpError;
  /** Another request with the same idempotency key is still running (another instance). */
  busy?: HttpError;
};

/**
 * The one mapper of card-provider (Stripe SDK) errors (issue 28 A3). The provider's HTTP status is
 * never ours: its 401 for a rotated key would read as "your session has ended" in the web app. A card
 * error is 402 with our message; the outcomes a call site names are its own answers; anything else
 * is 502 with a generic message, the provider's error logged. Our own errors pass through unchanged.
 */
export const providerFailure = (error: unknown, outcomes: ProviderOutcomes = {}): unknown => {
  if (!isProviderError(error)) return error;
  if (error.type === 'StripeCardError' || error.rawType === 'card_error') {
    return new HttpError(402, cardErrorMessage({ code: error.code ?? null, decline_code: error.decline_code ?? null }));
  }
  if (error.statusCode === 404 && outcomes.missing) return outcomes.missing;
  if (error.statusCode === 409 && error.rawType === 'idempotency_error' && outcomes.busy) return outcomes.busy;
  return new ProviderFailure(error);
};

/**
 * One error format for everything (DESIGN.md §2): `{ Result: null, Message, Errors?, RequestId }`.
 * 5xx bodies are generic; the detail goes to the log with the request id.
 */
export const registerErrorHandling = (app: FastifyInstance): void => {
  app.setErrorHandler<FastifyError>((thrown, request, reply) => {
    const requestId = String(request.id);
    // A provider error no call site mapped is mapped here, so it never keeps the provider's status.
    const error = (isProviderError(thrown) ? providerFailure(thrown) : thrown) as FastifyError;
    const send = (status: number, message: string, errors?: FieldError[], conflictRow?: ConflictRow, current: unknown = null) => {
      const body: ErrorBody = {
        Result: current,
        Message: message,
        RequestId: requestId,
        ...(errors ? { Errors: errors } : {}),
        ...(conflictRow ? { Conflict: conflictRow } : {}),
      };
      return reply.status(status).send(body);
    };

    if (error instanceof ProviderFailure) {
      request.log.error({ err: error.providerError, providerStatus: error.providerError.statusCode }, 'card provider failed');
    }
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return send(error.statusCode, error.message, error.fieldErrors, error.conflictRow, error.current ?? null);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((issue) => ({
        Field: fieldName(issue.instancePath),
        Message: issue.message ?? 'Invalid value.',
      }));
      const first = errors[0];
      return send(400, first ? first.Message : 'The request is not valid.', errors);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return send(500, 'Something went wrong on our side. Please try again.');
    }
    if (isDatabaseUnavailable(error)) {
      // An outage is not "not found" and not a bug: say so, and when to come back (issues 12 and 16).
      request.log.error({ err: error }, 'database unavailable');
      reply.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
      return send(503, 'Plansmith cannot reach its database right now. Please try again in a moment.');
    }
    // Drizzle wraps the driver's error; the Postgres code is on its cause.
    const dbError = databaseError(error as { code?: unknown }) ?? databaseError((error as { cause?: { code?: unknown } }).cause ?? {});
    if (dbError) {
      request.log.warn({ err: error }, 'database refused the request');
      return send(dbError.status, dbError.message);
    }
    const status = error.statusCode ?? 500;
    if (status === 413) {
      const config = request.routeOptions.config as { tooLargeMessage?: string };
      return send(413, config.tooLargeMessage ?? 'The request is too large. The limit is 100 KB.');
    }
    if (status === 415) return send(415, 'Send the request body as application/json.');
    if (status === 429) {
      return send(429, 'Too many requests. Please wait and try again.');
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, empty JSON body, ...): their text is safe to show.
      const message =
        error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? 'The request body is empty.'
          : error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
            ? 'The request body is not valid JSON.'
            : error.message;
      return send(status, message);
    }
    request.log.error({ err: error }, 'request failed');
    return send(500, 'Something went wrong on our side. Please try again.');
  });
};
