import { budgetRoutes, expenseRoutes, planRoutes, teamRoutes, tenantRoutes } from '@plansmith/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_EXPENSE_PAGE } from '../../features/expenses/api/expense-queries.ts';
import {
  EARLY_EXPENSE_PAGE,
  EARLY_PATHS,
  earlyRequestsFor,
  forgetEarlyRequests,
  type PlanChooser,
  sendEarlyRequests,
  takeEarlyResponse,
} from './early-requests.ts';
import { CONTEXT_PLAN_KEY, SESSION_KEY, SHOWN_PLAN_KEY } from './session-keys.ts';

describe('early requests', () => {
  afterEach(() => {
    forgetEarlyRequests();
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it('ask the contract’s routes, and the expense list’s first page', () => {
    expect(EARLY_PATHS).toEqual({
      profile: tenantRoutes.getUserProfile.path,
      tenant: tenantRoutes.getTenant.path,
      permissions: tenantRoutes.getPermissions.path,
      myTeams: teamRoutes.myList.path,
      plans: planRoutes.getMarketingPlans.path,
      budgetItems: budgetRoutes.getBudgetItems.path,
      expenses: expenseRoutes.getExpenses.path,
    });
    expect(tenantRoutes.getTenant.method).toBe('GET');
    expect(EARLY_EXPENSE_PAGE).toEqual(FIRST_EXPENSE_PAGE);
  });

  it('ask for a page’s rows only on /budget and /expenses with a context plan chosen', () => {
    const paths = (pathname: string, planId: string | null) => earlyRequestsFor(pathname, null, planId).map((request) => request.path);
    expect(paths('/budget', 'plan-1')).toContain(EARLY_PATHS.budgetItems);
    expect(paths('/expenses', 'plan-1')).toContain(EARLY_PATHS.expenses);
    expect(paths('/budget', null)).not.toContain(EARLY_PATHS.budgetItems);
    expect(paths('/plans', 'plan-1')).toHaveLength(5);
  });

  it('are sent only with a stored session, and each answer is taken once, for the same body and token', async () => {
    const fetch = vi.fn(async () => new Response('{}', { headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetch);
    sendEarlyRequests('/budget');
    expect(fetch).not.toHaveBeenCalled();

    localStorage.setItem(SESSION_KEY, JSON.stringify({ AccessToken: 'token-1' }));
    localStorage.setItem(CONTEXT_PLAN_KEY, 'plan-1');
    sendEarlyRequests('/budget');
    expect(fetch).toHaveBeenCalledTimes(6);

    expect(takeEarlyResponse('POST', EARLY_PATHS.budgetItems, { MarketingPlanId: 'plan-1' }, 'token-2')).toBeUndefined();
    expect(takeEarlyResponse('POST', EARLY_PATHS.budgetItems, { MarketingPlanId: 'plan-2' }, 'token-1')).toBeUndefined();
    await expect(takeEarlyResponse('POST', EARLY_PATHS.budgetItems, { MarketingPlanId: 'plan-1' }, 'token-1')).resolves.toBeInstanceOf(
      Response,
    );
    expect(takeEarlyResponse('POST', EARLY_PATHS.budgetItems, { MarketingPlanId: 'plan-1' }, 'token-1')).toBeUndefined();
    expect(takeEarlyResponse('GET', EARLY_PATHS.tenant, undefined, 'token-1')).toBeDefined();
  });
  it('cancel an answer nobody took, so its unread body does not hold the connection open', async () => {
    vi.useFakeTimers();
    try {
      const cancelled: string[] = [];
      vi.stubGlobal(
        'fetch',
        vi.fn(async (path: string) => {
          const body = new ReadableStream<Uint8Array>({ cancel: () => void cancelled.push(path) });
          return new Response(body, { headers: { 'content-type': 'application/json' } });
        }),
      );
      localStorage.setItem(SESSION_KEY, JSON.stringify({ AccessToken: 'token-1' }));
      sendEarlyRequests('/plans/plan-1');
      const taken = await takeEarlyResponse('GET', EARLY_PATHS.tenant, undefined, 'token-1');
      await vi.advanceTimersByTimeAsync(9_000);
      expect(cancelled).toEqual([]);
      await vi.advanceTimersByTimeAsync(1_000);

      // The taken answer is the caller's to read; the four others are cancelled.
      expect(taken?.bodyUsed).toBe(false);
      expect(cancelled.sort()).toEqual([EARLY_PATHS.plans, EARLY_PATHS.permissions, EARLY_PATHS.myTeams, EARLY_PATHS.profile].sort());
    } finally {
      vi.useRealTimers();
    }
  });

  it('are sent once per page: the early script and a second ask do not send them twice', () => {
    const fetch = vi.fn(async () => new Response('{}', { headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetch);
    localStorage.setItem(SESSION_KEY, JSON.stringify({ AccessToken: 'token-1' }));
    sendEarlyRequests('/plans');
    sendEarlyRequests('/plans');
    expect(fetch).toHaveBeenCalledTimes(5);
  });

  it('ask for the rows of the plan chosen from the plans’ answer when no context plan is stored, and the app still reads the plans', async () => {
    const plans = [
      { Id: 'archived', State: 2 },
      { Id: 'main', State: 1 },
    ];
    const fetch = vi.fn(async (path: string) =>
      Response.json(path === EARLY_PATHS.plans ? { Result: plans, Message: null } : { Result: [], Message: null }),
    );
    vi.stubGlobal('fetch', fetch);
    const choosePlan = vi.fn<PlanChooser>((answer) => (Array.isArray(answer) ? (answer[1] as { Id: string }).Id : null));
    localStorage.setItem(SESSION_KEY, JSON.stringify({ AccessToken: 'token-1' }));
    sendEarlyRequests('/expenses', choosePlan);
    expect(fetch).toHaveBeenCalledTimes(5);

    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(6));
    expect(choosePlan).toHaveBeenCalledWith(plans, null, null);
    const rows = takeEarlyResponse('POST', EARLY_PATHS.expenses, { MarketingPlanId: 'main', ...EARLY_EXPENSE_PAGE }, 'token-1');
    await expect(rows).resolves.toBeInstanceOf(Response);
    const answer = await takeEarlyResponse('POST', EARLY_PATHS.plans, {}, 'token-1');
    await expect(answer?.json()).resolves.toEqual({ Result: plans, Message: null });
  });

  it('do not wait for the plans on a page without rows, nor when the chosen plan is stored', async () => {
    const fetch = vi.fn(async () => Response.json({ Result: [{ Id: 'main', State: 1 }], Message: null }));
    vi.stubGlobal('fetch', fetch);
    const choosePlan = vi.fn<PlanChooser>(() => 'main');
    localStorage.setItem(SESSION_KEY, JSON.stringify({ AccessToken: 'token-1' }));
    sendEarlyRequests('/plans', choosePlan);
    forgetEarlyRequests();
    localStorage.setItem(CONTEXT_PLAN_KEY, 'plan-1');
    sendEarlyRequests('/budget', choosePlan);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(choosePlan).not.toHaveBeenCalled();
    expect(fetch).toHaveBeenCalledTimes(11);
  });

  it('let the app ask for the rows before the plans have answered: it gets the rows sent then, or fails for other rows', async () => {
    let answerPlans: (response: Response) => void = () => {};
    const fetch = vi.fn((path: string) =>
      path === EARLY_PATHS.plans
        ? new Promise<Response>((resolve) => {
            answerPlans = resolve;
          })
        : Promise.resolve(Response.json({ Result: [], Message: null })),
    );
    vi.stubGlobal('fetch', fetch);
    localStorage.setItem(SESSION_KEY, JSON.stringify({ AccessToken: 'token-1' }));
    sendEarlyRequests('/expenses', () => 'main');
    const rows = { MarketingPlanId: 'main', ...EARLY_EXPENSE_PAGE };
    const taken = takeEarlyResponse('POST', EARLY_PATHS.expenses, rows, 'token-1');
    const other = takeEarlyResponse('POST', EARLY_PATHS.expenses, { ...rows, Page: 2 }, 'token-1');
    expect(taken).toBeDefined();
    answerPlans(Response.json({ Result: [{ Id: 'main' }], Message: null }));
    await expect(taken).resolves.toBeInstanceOf(Response);
    await expect(other).rejects.toThrow(/did not ask for these rows/);
    expect(fetch.mock.calls.filter(([path]) => path === EARLY_PATHS.expenses)).toHaveLength(1);
  });

  it('ask for the rows of the plan shown last at once, and for the right plan’s once the plans answer when the guess was wrong', async () => {
    const fetch = vi.fn(async (path: string, init?: RequestInit) =>
      Response.json({ Result: path === EARLY_PATHS.plans ? [{ Id: 'main' }] : [], Message: null, Sent: init?.body }),
    );
    vi.stubGlobal('fetch', fetch);
    const rowsAsked = () =>
      fetch.mock.calls
        .filter(([path]) => path === EARLY_PATHS.budgetItems)
        .map(([, init]) => JSON.parse(String(init?.body)).MarketingPlanId);
    localStorage.setItem(SESSION_KEY, JSON.stringify({ AccessToken: 'token-1' }));

    localStorage.setItem(SHOWN_PLAN_KEY, 'main');
    sendEarlyRequests('/budget', () => 'main');
    expect(rowsAsked()).toEqual(['main']);
    await expect(takeEarlyResponse('POST', EARLY_PATHS.budgetItems, { MarketingPlanId: 'main' }, 'token-1')).resolves.toBeInstanceOf(
      Response,
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(rowsAsked()).toEqual(['main']);

    forgetEarlyRequests();
    fetch.mockClear();
    localStorage.setItem(SHOWN_PLAN_KEY, 'last-years');
    sendEarlyRequests('/budget', () => 'main');
    expect(rowsAsked()).toEqual(['last-years']);
    await expect(takeEarlyResponse('POST', EARLY_PATHS.budgetItems, { MarketingPlanId: 'main' }, 'token-1')).resolves.toBeInstanceOf(
      Response,
    );
    expect(rowsAsked()).toEqual(['last-years', 'main']);
  });
});
