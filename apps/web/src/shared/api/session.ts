import { type TokenResponse, type UserSession, UserSessionSchema } from '@plansmith/contract';

export type { UserSession };

const SESSION_KEY = 'user_session';
/** SPEC.md §2: the guest plan summary sets this flag; it suppresses the redirect to login. */
export const GUEST_ACCESS_KEY = 'guest_access';
/** SPEC.md §4: signing in clears the stored context team. */
export const CONTEXT_TEAM_KEY = 'context_team';
export const CONTEXT_PLAN_KEY = 'context_plan';

const listeners = new Set<(session: UserSession | null) => void>();

let sessionExpiredHandler = (): void => {
  window.location.assign('/login');
};

/**
 * The app tells how to leave for /login when a refresh fails (router navigation instead of a full
 * reload). It lives here, not in client.ts, so the router does not pull the API client (and zod)
 * into the first download.
 */
export const setSessionExpiredHandler = (handler: () => void): void => {
  sessionExpiredHandler = handler;
};
export const sessionExpired = (): void => sessionExpiredHandler();

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
  localStorage.removeItem(SESSION_KEY);
  const session = saveTokens(tokens);
  recordInteraction();
  return session;
};

export const clearSession = (): void => {
  localStorage.removeItem(SESSION_KEY);
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

export const isGuestAccess = (): boolean => sessionStorage.getItem(GUEST_ACCESS_KEY) === 'true';
