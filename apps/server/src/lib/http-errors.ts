import type { ConflictRow, FieldError } from '@plansmith/contract';

/** An error with a status and a message fit for the user; the error handler turns it into DESIGN.md §2's body. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fieldErrors?: FieldError[],
    readonly headers?: Record<string, string>,
    /** A 409's row (the body's Conflict), so the app can link to it. */
    readonly conflictRow?: ConflictRow,
    /** A stale write's 409: the row as it is now, sent as the body's Result (DESIGN.md §13). */
    readonly current?: unknown,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, fieldErrors?: FieldError[]) => new HttpError(400, message, fieldErrors);
export const fieldError = (field: string, message: string) => new HttpError(400, message, [{ Field: field, Message: message }]);
export const unauthorized = (message = 'Your session has ended. Please sign in again.') => new HttpError(401, message);
export const forbidden = (message = 'You do not have permission to do that.') => new HttpError(403, message);
/** Another tenant's id and an id that does not exist answer alike. */
export const notFound = (what = 'The item') => new HttpError(404, `${what} was not found.`);
export const conflict = (message: string, row?: ConflictRow) => new HttpError(409, message, undefined, undefined, row);
export const tooManyRequests = (retryAfterSeconds: number, message = 'Too many attempts. Please wait and try again.') =>
  new HttpError(429, message, undefined, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
