import { type TokenResponse, type UserSession, UserSessionSchema } from '@plansmith/contract';

export type { UserSession };
import { CONTEXT_TEAM_KEY, SESSION_KEY, SHOWN_PLAN_KEY } from './session-keys.ts';

export {
  CONTEXT_PLAN_KEY,
  CONTEXT_TEAM_KEY,
  GUEST_ACCESS_KEY,
  isGuestAccess,
  readStored,
  rememberShownPlan,
  SHOWN_PLAN_KEY,
  sessionExpired,
  setSessionExpiredHandler,
} from './session-keys.ts';

const listeners = new Set<(session: UserSession | null) => void>();

/** The stored session, checked against the contract's schema; a malformed or tampered one is discarded. */
export const readSession = (): UserSession | null => {
  const raw = localStorage.getItem(SESSION_KEY);
  if (!raw) return null;
  let stored: unknown;
  try {
    stored = JSON.parse(raw);
  } catch {
    stored = null;
  }
  const session = UserSessionSchema.safeParse(stored);
  if (session.success) return session.data;
  localStorage.removeItem(SESSION_KEY);
  return null;
};

const userIdOf = (accessToken: string): string => {
  try {
    const payload = accessToken.split('.')[1] ?? '';
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: string };
    return json.sub ?? '';
  } catch {
    return '';
  }
};

export const saveTokens = (tokens: TokenResponse): UserSession => {
  const previous = readSession();
  const session: UserSession = {
    AccessToken: tokens.AccessToken,
    RefreshToken: tokens.RefreshToken,
    AccessTokenExpiration: tokens.Expiration,
    UserId: userIdOf(tokens.AccessToken),
    IsAuthenticated: true,
    LastInteractionTime: previous?.LastInteractionTime ?? Date.now(),
  };
  localStorage.setItem(SESSION_KEY, JSON.stringify(session));
  for (const listener of listeners) listener(session);
  return session;
};

/** Starts a new session at sign-in: the stored context team is cleared (SPEC.md §4). */
export const startSession = (tokens: TokenResponse): UserSession => {
  localStorage.removeItem(CONTEXT_TEAM_KEY);
  localStorage.removeItem(SHOWN_PLAN_KEY);
  localStorage.removeItem(SESSION_KEY);
  const session = saveTokens(tokens);
  recordInteraction();
  return session;
};

export const clearSession = (): void => {
  localStorage.removeItem(SESSION_KEY);
  localStorage.removeItem(SHOWN_PLAN_KEY);
  for (const listener of listeners) listener(null);
};

export const recordInteraction = (at = Date.now()): void => {
  const session = readSession();
  if (!session) return;
  localStorage.setItem(SESSION_KEY, JSON.stringify({ ...session, LastInteractionTime: at }));
};

export const onSessionChange = (listener: (session: UserSession | null) => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
