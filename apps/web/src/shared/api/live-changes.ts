import { EVENTS_PATH, eventsRoutes, type LiveChangeEvent, type LiveEvent } from '@plansmith/contract';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { callApi } from './client.ts';
import {
  activityKeys,
  budgetChangeKeys,
  budgetKeys,
  campaignKeys,
  dashboardKeys,
  expectationKeys,
  expenseKeys,
  funnelKeys,
  identityKeys,
  objectiveKeys,
  performanceKeys,
  planKeys,
  reportKeys,
  spendingKeys,
  teamKeys,
} from './query-keys.ts';

/*
 * Live changes (DESIGN.md §13): one EventSource per signed-in tab. Each change another person (or
 * another tab) commits arrives within a second and invalidates the queries that show it; open
 * screens refetch them and keep what is being typed (forms are not keyed on the row's version: they
 * show "changed by … — reload the value?" instead, shared/ui/live-row-notice.tsx).
 */

// The features' own keys (categories, lookups, comments) live in their features, which shared/ may
// not import; their first elements are named here.
const CATEGORIES: QueryKey = ['budget-categories'];
const LOOKUPS: QueryKey = ['lookups'];
const COMMENTS: QueryKey = ['comments'];
/** The close screen's months, blockers and unspent budget (features/close's periodKeys). */
const PERIODS: QueryKey = ['periods'];

const PLAN_FIGURES: QueryKey[] = [planKeys.all, reportKeys.all, spendingKeys.all, dashboardKeys.all];

/** The queries that show a changed row of this kind. */
export const keysFor = (event: LiveChangeEvent): QueryKey[] => {
  switch (event.Entity) {
    case 'MarketingPlan':
      return [...PLAN_FIGURES, teamKeys.all];
    case 'BudgetItem':
    case 'BudgetItemMonth':
      return [budgetKeys.all, expenseKeys.all, objectiveKeys.all, performanceKeys.all, PERIODS, ...PLAN_FIGURES];
    case 'Expense':
      // PERIODS: the close screen's blockers and unspent budget.
      return [expenseKeys.all, budgetKeys.all, performanceKeys.all, PERIODS, ...PLAN_FIGURES];
    case 'BudgetCategory':
      return [CATEGORIES, budgetKeys.all, ...PLAN_FIGURES];
    case 'Lookup':
      return [LOOKUPS, expenseKeys.all, funnelKeys.all, expectationKeys.all];
    case 'Objective':
    case 'ObjectiveResult':
      return [objectiveKeys.all, performanceKeys.all, budgetKeys.all];
    case 'Expectation':
    case 'FunnelModel':
    case 'FunnelStageSetting':
      return [expectationKeys.all, funnelKeys.all, performanceKeys.all];
    case 'Activity':
      return [activityKeys.all];
    case 'Team':
    case 'TeamMember':
      return [teamKeys.all, identityKeys.permissions(), planKeys.all];
    case 'Comment':
      return [COMMENTS];
    // The marketing-ops month (DESIGN.md §14). The Forecast view's query sits under budgetKeys; Landing
    // shows on the plan page, the dashboard and the report.
    case 'BudgetItemForecast':
      return [budgetKeys.all, ...PLAN_FIGURES];
    case 'BudgetItemBaseline':
      return [budgetKeys.all, budgetChangeKeys.all, ...PLAN_FIGURES];
    case 'BudgetChange':
      return [budgetChangeKeys.all, budgetKeys.all, PERIODS];
    case 'PlanPeriod':
      // A closed or reopened month: the close screen, the grids' closed months, the expenses dated in it.
      return [PERIODS, budgetKeys.all, expenseKeys.all, ...PLAN_FIGURES];
    case 'Campaign':
      // The /campaigns tree and the calendar read campaignKeys; /budget's campaign column and filter too.
      // A deleted campaign leaves its items without one: their rows change on /budget.
      return [campaignKeys.all, budgetKeys.all];
  }
};

type Listener = (event: LiveEvent) => void;
const listeners = new Set<Listener>();

/** Every live event of this tab's stream (presence, a row's change), for the screens that show them. */
export const onLiveEvent = (listener: Listener): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const openListeners = new Set<() => void>();

/**
 * Each time the tab's stream (re)opens: what was said before it was open (a colleague arriving on a
 * plan) may have passed it by, so a screen that keeps such state asks for it again.
 */
export const onLiveOpen = (listener: () => void): (() => void) => {
  openListeners.add(listener);
  return () => openListeners.delete(listener);
};

/** Gathers a burst (an import's chunks, a paste) into one refetch per query. */
const INVALIDATE_AFTER_MS = 100;
const MAX_RETRY_MS = 30_000;

/**
 * Opens the tab's event stream and keeps it open: a new ticket and `lastEventId` on every reconnect
 * (the server replays what was missed within a minute, else says reset and everything is refetched).
 * Answers the function that closes it.
 */
export const startLiveChanges = (queryClient: QueryClient): (() => void) => {
  let source: EventSource | null = null;
  let lastEventId = '';
  let stopped = false;
  let retryMs = 1000;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let flushTimer: ReturnType<typeof setTimeout> | undefined;
  const pending = new Map<string, QueryKey>();

  const flush = () => {
    flushTimer = undefined;
    const keys = [...pending.values()];
    pending.clear();
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  };
  const invalidate = (keys: QueryKey[]) => {
    for (const key of keys) pending.set(JSON.stringify(key), key);
    flushTimer ??= setTimeout(flush, INVALIDATE_AFTER_MS);
  };

  const onMessage = (message: MessageEvent<string>) => {
    if (message.lastEventId) lastEventId = message.lastEventId;
    let event: LiveEvent;
    try {
      event = JSON.parse(message.data) as LiveEvent;
    } catch {
      return;
    }
    if (event.Type === 'reset') void queryClient.invalidateQueries();
    else if (event.Type === 'changed' || event.Type === 'deleted') invalidate(keysFor(event));
    for (const listener of listeners) listener(event);
  };

  const connect = async () => {
    if (stopped) return;
    try {
      const { Ticket } = await callApi(eventsRoutes.ticket, {});
      if (stopped) return;
      const query = new URLSearchParams({ ticket: Ticket, ...(lastEventId ? { lastEventId } : {}) });
      const opened = new EventSource(`${EVENTS_PATH}?${query}`);
      source = opened;
      opened.onopen = () => {
        retryMs = 1000;
        for (const listener of openListeners) listener();
      };
      opened.onmessage = onMessage;
      // The browser's own reconnect would reuse the expired ticket: a fresh one is asked instead.
      opened.onerror = () => {
        opened.close();
        if (source === opened) reconnectLater();
      };
    } catch {
      reconnectLater();
    }
  };
  const reconnectLater = () => {
    if (stopped) return;
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => void connect(), retryMs);
    retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
  };

  void connect();
  return () => {
    stopped = true;
    clearTimeout(retryTimer);
    clearTimeout(flushTimer);
    source?.close();
    source = null;
  };
};
