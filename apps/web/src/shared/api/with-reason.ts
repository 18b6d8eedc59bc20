import { ApiError } from './api-error.ts';

// Shared by every budget write that may need a reason after the baseline lock (the budget screens and
// the budget-items import), so features do not import each other.

/** Asks the person why the budget changes; null when they cancel. */
export type AskReason = (message: string) => Promise<string | null>;

export const REASON_CANCELLED_MESSAGE = 'Not saved: the plan’s baseline is locked, so a budget change needs a reason.';

/** Whether a failed call asked for a reason (the server's 400 after the baseline lock, DESIGN.md §14). */
export const asksForReason = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 400 && error.fieldErrors.some((field) => field.Field === 'Reason');

/**
 * Sends a budget write; when the server answers that it needs a reason (the plan's baseline is
 * locked and the write changes budget), asks the person once and sends it again with their reason.
 * The server decides, so a rename or a write before the lock never asks. Cancelled: a 400 saying so.
 */
export const sendWithReason = async <T>(ask: AskReason | null, send: (reason?: string) => Promise<T>): Promise<T> => {
  try {
    return await send();
  } catch (error) {
    if (!ask || !asksForReason(error)) throw error;
    const reason = await ask(error.message);
    if (!reason?.trim()) throw new ApiError(400, REASON_CANCELLED_MESSAGE, error.fieldErrors);
    return send(reason.trim());
  }
};
