// Whether the server can serve right now. A 503 (the server cannot reach its database) marks it
// unavailable until a call succeeds or /readyz says it is back; the banner reads this store.
export type Availability = { available: true } | { available: false; retryAfterSeconds: number };

export const UNAVAILABLE_BANNER_TEXT = 'Plansmith is briefly unavailable — retrying…';

/** When the server names no Retry-After. */
export const DEFAULT_RETRY_AFTER_SECONDS = 5;
// A very long Retry-After would leave the banner still for minutes: look again at least this often.
const MAX_RETRY_AFTER_SECONDS = 30;

let current: Availability = { available: true };
const listeners = new Set<() => void>();

const set = (next: Availability) => {
  if (
    next.available === current.available &&
    (next.available || current.available || next.retryAfterSeconds === current.retryAfterSeconds)
  ) {
    return;
  }
  current = next;
  for (const listener of listeners) listener();
};

/** Seconds from a Retry-After header (seconds form), within sane bounds. */
export const retryAfterSeconds = (header: string | null): number => {
  const seconds = Number(header);
  if (!header || !Number.isFinite(seconds) || seconds <= 0) return DEFAULT_RETRY_AFTER_SECONDS;
  return Math.min(Math.ceil(seconds), MAX_RETRY_AFTER_SECONDS);
};

export const reportUnavailable = (seconds: number) => set({ available: false, retryAfterSeconds: seconds });
export const reportAvailable = () => set({ available: true });

export const subscribeAvailability = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
export const getAvailability = (): Availability => current;
