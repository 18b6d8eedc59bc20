import type { EnsureQueryDataOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { budgetItemsQuery } from '../features/budget/api/budget-queries.ts';
import { expensePageQuery, FIRST_EXPENSE_PAGE } from '../features/expenses/api/expense-queries.ts';
import { permissionsQuery, profileQuery, tenantQuery } from '../shared/api/identity.ts';
import { plansQuery } from '../features/plans/api/plan-queries.ts';
import { contextPlanOf } from '../features/plans/context-plan.ts';
import { myTeamsQuery } from '../shared/api/my-teams.ts';
import { CONTEXT_PLAN_KEY, CONTEXT_TEAM_KEY, readSession, readStored } from '../shared/api/session.ts';

/**
 * Route loaders start the first data requests while the shell's and the page's code is still on
 * its way, with the same query options the components use, so the components find them in flight
 * or answered. Each prefetcher answers when its requests are answered (or failed: the page shows
 * that itself), for the first page to wait on (app/router.tsx).
 */
/** Fetches once: a query with data is left alone, one in flight is joined (never a second request). */
const warm = <T, K extends QueryKey>(client: QueryClient, options: EnsureQueryDataOptions<T, Error, T, K>): Promise<T | undefined> =>
  client.ensureQueryData(options).catch(() => undefined);

const signedIn = (): boolean => readSession() !== null;

/** What the signed-in shell asks for first: who the user is, the tenant, permissions and the context pickers. */
const prefetchShell = async (client: QueryClient): Promise<void> => {
  if (!signedIn()) return;
  await Promise.all([
    warm(client, profileQuery()),
    warm(client, tenantQuery()),
    warm(client, permissionsQuery()),
    warm(client, myTeamsQuery()),
  ]);
};

/** The context plan, found as the pickers find it (useContextPlan), then `next` for it. */
const withContextPlan = async (client: QueryClient, next: (planId: string) => Promise<unknown>): Promise<void> => {
  if (!signedIn()) return;
  const teamId = readStored(CONTEXT_TEAM_KEY);
  const plans = await warm(client, plansQuery(teamId));
  if (!plans) return;
  const { plan } = contextPlanOf(plans, teamId, readStored(CONTEXT_PLAN_KEY));
  if (plan) await next(plan.Id);
};

const prefetchBudget = (client: QueryClient): Promise<void> => withContextPlan(client, (planId) => warm(client, budgetItemsQuery(planId)));

const prefetchExpenses = (client: QueryClient): Promise<void> =>
  withContextPlan(client, (planId) => warm(client, expensePageQuery({ MarketingPlanId: planId, ...FIRST_EXPENSE_PAGE })));

export const prefetchers = { shell: prefetchShell, budget: prefetchBudget, expenses: prefetchExpenses };
