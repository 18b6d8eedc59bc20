import { INACTIVITY_CUTOFF_MS, REFRESH_WHEN_REMAINING_MS, SESSION_CHECK_INTERVAL_MS } from '@plansmith/contract';
import { readSession, recordInteraction } from './session.ts';

export type SessionCheckOutcome = 'no-session' | 'idle-stop' | 'refresh' | 'fresh';

/** One check of SPEC.md §4: stop after 60 idle minutes; refresh when under 3 minutes remain. */
export const decideSessionCheck = (now: number): SessionCheckOutcome => {
  const session = readSession();
  if (!session) return 'no-session';
  if (now - session.LastInteractionTime > INACTIVITY_CUTOFF_MS) return 'idle-stop';
  const remaining = new Date(session.AccessTokenExpiration).getTime() - now;
  return remaining < REFRESH_WHEN_REMAINING_MS ? 'refresh' : 'fresh';
};

/**
 * Runs the check every 60 seconds and records the user's interactions. Returns a stop function.
 * Once the user has been idle for 60 minutes the checks stop; the next call then meets a 401,
 * the refresh fails (the server's idle limit is the same) and the user signs in again.
 */
export const startSessionKeeper = (options: { now?: () => number; refresh?: () => Promise<boolean> } = {}): (() => void) => {
  const now = options.now ?? Date.now;
  // The API client (and zod with it) loads only when a refresh is due, not with the first page.
  const refresh = options.refresh ?? (async () => (await import('./client.ts')).refreshSession());
  let lastRecorded = 0;
  const onInteraction = () => {
    const at = now();
    // Writing localStorage on every key press is wasteful; once every few seconds is precise enough.
    if (at - lastRecorded > 5_000) {
      lastRecorded = at;
      recordInteraction(at);
    }
  };
  window.addEventListener('pointerdown', onInteraction, { passive: true });
  window.addEventListener('keydown', onInteraction, { passive: true });

  const stop = () => {
    clearInterval(timer);
    window.removeEventListener('pointerdown', onInteraction);
    window.removeEventListener('keydown', onInteraction);
  };
  const check = () => {
    const outcome = decideSessionCheck(now());
    if (outcome === 'idle-stop') stop();
    else if (outcome === 'refresh') void refresh();
  };
  const timer = setInterval(check, SESSION_CHECK_INTERVAL_MS);
  check();
  return stop;
};
