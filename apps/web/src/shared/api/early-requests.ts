/**
 * The signed-in shell's first requests, and the first page of /budget or /expenses, sent before the
 * app's code has loaded: a small script of their own (app/early-requests.ts, built apart and loaded
 * `async` from index.html's head by build/early-script.ts) sends them while the browser still fetches
 * the app. callApi takes an answer from here (once, and only for the same route, body and token)
 * instead of asking again. Imports nothing (it must stay small, without zod or the contract): the
 * paths are the contract's, checked by early-requests.test.ts.
 */
import { CONTEXT_PLAN_KEY, CONTEXT_TEAM_KEY, readStored, SESSION_KEY, SHOWN_PLAN_KEY } from './session-keys.ts';

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

/**
 * The answers sent and not yet taken, shared by the two copies of this module on the page: the early
 * script's, which sends them, and the app's, whose callApi takes them.
 */
type EarlyState = {
  sent: boolean;
  pending: Map<string, Promise<Response>>;
  /** The rows asked for once the plans answer: their path, and the key they were sent with (or null). */
  rows?: { path: string; key: Promise<string | null> };
};
const shared = globalThis as typeof globalThis & { __plansmithEarlyRequests?: EarlyState };
shared.__plansmithEarlyRequests ??= { sent: false, pending: new Map() };
const state = shared.__plansmithEarlyRequests;
const pending = state.pending;

/** The access token of the stored session (shared/api/session.ts validates it; a bad one only costs a 401 here). */
const storedToken = (): string | null => {
  try {
    const session = JSON.parse(readStored(SESSION_KEY) ?? 'null') as { AccessToken?: unknown } | null;
    return typeof session?.AccessToken === 'string' && session.AccessToken !== '' ? session.AccessToken : null;
  } catch {
    return null;
  }
};

/** The first page of rows that `pathname` shows for a plan, when it is /budget or /expenses. */
const pageRequestFor = (pathname: string, planId: string): EarlyRequest | null => {
  if (pathname === '/budget') return { method: 'POST', path: EARLY_PATHS.budgetItems, body: { MarketingPlanId: planId } };
  if (pathname === '/expenses')
    return { method: 'POST', path: EARLY_PATHS.expenses, body: { MarketingPlanId: planId, ...EARLY_EXPENSE_PAGE } };
  return null;
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
  // With no context plan chosen yet, the page's rows wait for the plans (sendEarlyRequests).
  const page = planId ? pageRequestFor(pathname, planId) : null;
  if (page) requests.push(page);
  return requests;
};

/** Sends one request and keeps its answer for callApi for a while. */
const send = (request: EarlyRequest, token: string): Promise<Response> => {
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
  return response;
};

/**
 * Picks the context plan's id from the plans' answer (its Result), as the app will
 * (features/plans/context-plan.ts), or null.
 */
export type PlanChooser = (plans: unknown, teamId: string | null, chosenPlanId: string | null) => string | null;

/**
 * Sends the early requests for this page when a session is stored (never on the anonymous pages),
 * once per page. /budget's and /expenses' rows go out at once for the chosen context plan, or for
 * the plan shown last (a guess); without a choice, they are asked for again as soon as the plans
 * have answered and `choosePlan` has found the context plan among them, unless the guess was right.
 */
export const sendEarlyRequests = (pathname: string, choosePlan?: PlanChooser): void => {
  const token = storedToken();
  if (!token || typeof fetch !== 'function' || state.sent) return;
  state.sent = true;
  const teamId = readStored(CONTEXT_TEAM_KEY);
  const chosenId = readStored(CONTEXT_PLAN_KEY);
  const guessId = chosenId ?? readStored(SHOWN_PLAN_KEY);
  const sent = earlyRequestsFor(pathname, teamId, guessId).map((request) => ({ request, response: send(request, token) }));
  const plans = sent.find(({ request }) => request.path === EARLY_PATHS.plans)?.response;
  const rowsPath = pageRequestFor(pathname, '')?.path;
  if (chosenId || !choosePlan || !plans || !rowsPath) return;
  const key = plans
    // A copy: the app reads the answer itself (callApi takes it from `pending`).
    .then((answer) => (answer.ok ? answer.clone().json() : null))
    .then((payload: { Result?: unknown } | null) => {
      const planId = payload ? choosePlan(payload.Result, teamId, null) : null;
      const page = planId ? pageRequestFor(pathname, planId) : null;
      if (!page) return null;
      if (planId !== guessId) send(page, token);
      return keyOf(page.method, page.path, page.body, token);
    })
    .catch(() => null);
  // The app may ask for the rows before the plans have answered: it waits for them (takeEarlyResponse).
  state.rows = { path: rowsPath, key };
};

/** Lets the next sendEarlyRequests send again (tests: one page load each). */
export const forgetEarlyRequests = (): void => {
  state.sent = false;
  state.rows = undefined;
  pending.clear();
};

/**
 * The early answer to this request, taken once; undefined when there is none (callApi then fetches).
 * Rows still waiting for the plans' answer are waited for: the promise fails when the rows sent turn
 * out to be another request (callApi then fetches too).
 */
export const takeEarlyResponse = (
  method: string,
  path: string,
  body: unknown,
  token: string | undefined,
): Promise<Response> | undefined => {
  if (!token) return undefined;
  const key = keyOf(method, path, method === 'POST' ? (body ?? {}) : undefined, token);
  const response = pending.get(key);
  if (response) {
    pending.delete(key);
    return response;
  }
  const rows = state.rows;
  if (!rows || rows.path !== path) return undefined;
  // The rows wait for the plans' answer: this request takes them once sent, if they are the same
  // request; otherwise it fails, and callApi asks itself.
  return rows.key.then((sent) => {
    const answer = sent === key ? pending.get(key) : undefined;
    if (!answer) throw new Error('The early requests did not ask for these rows.');
    pending.delete(key);
    if (state.rows === rows) state.rows = undefined;
    return answer;
  });
};
