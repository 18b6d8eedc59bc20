// What the app shell and router need of the session without its schema (zod): the storage keys
// with the reading and keeping of their values, the guest flag and the way out to /login.
// session.ts re-exports all of it.

/** Where the session (tokens) is kept in localStorage. */
export const SESSION_KEY = 'user_session';
/** SPEC.md §2: the guest plan summary sets this flag; it suppresses the redirect to login. */
export const GUEST_ACCESS_KEY = 'guest_access';
/** SPEC.md §4: signing in clears the stored context team. */
export const CONTEXT_TEAM_KEY = 'context_team';
export const CONTEXT_PLAN_KEY = 'context_plan';
/**
 * The plan the app last showed as the context plan, whether the user chose it or the app did: only
 * a guess for the first requests of the next visit (shared/api/early-requests.ts), never a choice.
 */
export const SHOWN_PLAN_KEY = 'shown_plan';

/** A value kept in localStorage, or null when there is none or the browser refuses storage. */
export const readStored = (key: string): string | null => {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
};

/**
 * Keeps the plan the app shows as the context plan (SHOWN_PLAN_KEY); a browser that refuses storage
 * only makes the next visit's first requests a moment later.
 */
export const rememberShownPlan = (planId: string): void => {
  try {
    localStorage.setItem(SHOWN_PLAN_KEY, planId);
  } catch {
    // Storage refused (private mode, full).
  }
};

/** The guest page's path (paths.guestPlanSummary), written out so this file stays free of the contract. */
const GUEST_PAGE_PREFIX = '/external/plansummary/';

/**
 * Guest access counts only on the guest page itself (DESIGN.md §12): after opening a share link,
 * the app's signed-in pages in that tab still send a signed-out visitor to /login.
 */
export const isGuestAccess = (pathname: string = window.location.pathname): boolean =>
  pathname.startsWith(GUEST_PAGE_PREFIX) && sessionStorage.getItem(GUEST_ACCESS_KEY) === 'true';

let sessionExpiredHandler = (): void => {
  window.location.assign('/login');
};

/**
 * The app tells how to leave for /login when a refresh fails (router navigation instead of a full
 * reload). It lives apart from session.ts and client.ts, so the router does not pull the stored
 * session's schema (zod) or the API client into the sign-in page's first download.
 */
export const setSessionExpiredHandler = (handler: () => void): void => {
  sessionExpiredHandler = handler;
};
export const sessionExpired = (): void => sessionExpiredHandler();
