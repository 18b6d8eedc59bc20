import type { ConflictRow, FieldError } from '@plansmith/contract';

/** A failed call, with the server's message for the user and the field errors of a 400. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors: FieldError[] = [],
    readonly requestId?: string,
    /** Seconds the server asked to wait before trying again (a 503's Retry-After). */
    readonly retryAfterSeconds?: number,
    /** The row a 409 is about (the body's Conflict), to link to. */
    readonly conflictRow?: ConflictRow,
    /** A stale write's 409: the row as it is now (the body's Result), for the merge dialog. */
    readonly current?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const UNAVAILABLE_MESSAGE = 'Plansmith is briefly unavailable. Please try again in a moment.';

export const NETWORK_ERROR_MESSAGE = 'We could not reach Plansmith. Check your connection and try again.';

/** A message for the user from anything a call can throw. */
export const errorMessage = (error: unknown): string => {
  // A 503 is an outage, not something the user did: the server's wording is for operators.
  if (error instanceof ApiError && error.status === 503) return UNAVAILABLE_MESSAGE;
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong. Please try again.';
};
