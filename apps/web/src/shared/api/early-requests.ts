/**
 * The signed-in shell's first requests, and the first page of /budget or /expenses, sent while the
 * app's code is still being evaluated: main.tsx's first import (app/early-requests.ts) sends them
 * before React and the router run, long before the route's code and the API client have loaded. callApi takes
 * an answer from here (once, and only for the same route, body and token) instead of asking again.
 * Imports nothing (it must stay in the first chunk without pulling zod or the contract in): the
 * paths are the contract's, checked by early-requests.test.ts.
 */
import { CONTEXT_PLAN_KEY, CONTEXT_TEAM_KEY, SESSION_KEY } from './session-keys.ts';

type EarlyRequest = { method: 'GET' | 'POST'; path: string; body?: Record<string, unknown> };

export const EARLY_PATHS = {
  profile: '/api/UserProfileClient/GetUserProfile',
  tenant: '/api/TenantClient/Get',
  permissions: '/api/TenantClient/GetPermissions',
  myTeams: '/api/TeamClient/MyList',
  plans: '/api/MarketingPlanClient/GetMarketingPlans',
  budgetItems: '/api/BudgetItemClient/GetBudgetItems',
  expenses: '/api/ExpenseClient/GetExpenses',
} as const;

/** The expense list's first page (features/expenses FIRST_EXPENSE_PAGE; the test keeps them equal). */
export const EARLY_EXPENSE_PAGE = { Page: 1, PageSize: 50, SortBy: 'PurchaseDate', SortDirection: 'desc' } as const;

/** How long an early answer waits to be taken: the route's components ask within a second or two. */
const KEEP_MS = 10_000;

/** The same key for the same request, whatever the order of the body's fields. */
const keyOf = (method: string, path: string, body: unknown, token: string): string => {
  const fields = body && typeof body === 'object' ? Object.entries(body).sort(([a], [b]) => a.localeCompare(b)) : [];
  return `${method} ${path} ${JSON.stringify(fields)} ${token}`;
};

const pending = new Map<string, Promise<Response>>();

const stored = (key: string): string | null => {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
};

/** The access token of the stored session (shared/api/session.ts validates it; a bad one only costs a 401 here). */
const storedToken = (): string | null => {
  try {
    const session = JSON.parse(stored(SESSION_KEY) ?? 'null') as { AccessToken?: unknown } | null;
    return typeof session?.AccessToken === 'string' && session.AccessToken !== '' ? session.AccessToken : null;
  } catch {
    return null;
  }
};

/** What a first load of `pathname` asks for before anything else. */
export const earlyRequestsFor = (pathname: string, teamId: string | null, planId: string | null): EarlyRequest[] => {
  const requests: EarlyRequest[] = [
    { method: 'POST', path: EARLY_PATHS.profile, body: {} },
    { method: 'GET', path: EARLY_PATHS.tenant },
    { method: 'POST', path: EARLY_PATHS.permissions, body: {} },
    { method: 'POST', path: EARLY_PATHS.myTeams, body: {} },
    { method: 'POST', path: EARLY_PATHS.plans, body: teamId ? { TeamId: teamId } : {} },
  ];
  // Only for a context plan already chosen: otherwise it is picked from the plans (app/prefetch.ts).
  if (planId && pathname === '/budget') requests.push({ method: 'POST', path: EARLY_PATHS.budgetItems, body: { MarketingPlanId: planId } });
  if (planId && pathname === '/expenses') {
    requests.push({ method: 'POST', path: EARLY_PATHS.expenses, body: { MarketingPlanId: planId, ...EARLY_EXPENSE_PAGE } });
  }
  return requests;
};

/** Sends the early requests for this page when a session is stored (never on the anonymous pages). */
export const sendEarlyRequests = (pathname: string): void => {
  const token = storedToken();
  if (!token || typeof fetch !== 'function') return;
  for (const request of earlyRequestsFor(pathname, stored(CONTEXT_TEAM_KEY), stored(CONTEXT_PLAN_KEY))) {
    const key = keyOf(request.method, request.path, request.body, token);
    const headers: Record<string, string> = { Accept: 'application/json', Authorization: `Bearer ${token}` };
    if (request.method === 'POST') headers['Content-Type'] = 'application/json';
    const response = fetch(request.path, {
      method: request.method,
      headers,
      body: request.body ? JSON.stringify(request.body) : undefined,
    });
    response.catch(() => undefined); // a failed one is simply asked again by callApi
    pending.set(key, response);
    setTimeout(() => {
      if (pending.get(key) !== response) return;
      pending.delete(key);
      // Nobody took it (a page that does not show the plans, e.g. on a phone where the pickers sit in
      // the closed menu): cancel the unread body, which otherwise keeps the request and its
      // connection open for as long as the page lives.
      response.then((answer) => answer.body?.cancel()).catch(() => undefined);
    }, KEEP_MS);
  }
};

/** The early answer to this request, taken once; undefined when there is none (callApi then fetches). */
export const takeEarlyResponse = (
  method: string,
  path: string,
  body: unknown,
  token: string | undefined,
): Promise<Response> | undefined => {
  if (!token) return undefined;
  const key = keyOf(method, path, method === 'POST' ? (body ?? {}) : undefined, token);
  const response = pending.get(key);
  pending.delete(key);
  return response;
};
