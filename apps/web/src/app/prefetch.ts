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
 * or answered. Nothing here waits: the loaders return at once and the shell renders without data.
 */
/** Fetches once: a query with data is left alone, one in flight is joined (never a second request). */
const warm = <T, K extends QueryKey>(client: QueryClient, options: EnsureQueryDataOptions<T, Error, T, K>): Promise<T | undefined> =>
  client.ensureQueryData(options).catch(() => undefined);

const signedIn = (): boolean => readSession() !== null;

/** What the signed-in shell asks for first: who the user is, the tenant, permissions and the context pickers. */
const prefetchShell = (client: QueryClient): null => {
  if (!signedIn()) return null;
  void warm(client, profileQuery());
  void warm(client, tenantQuery());
  void warm(client, permissionsQuery());
  void warm(client, myTeamsQuery());
  return null;
};

/** The context plan, found as the pickers find it (useContextPlan), then `next` for it. */
const withContextPlan = (client: QueryClient, next: (planId: string) => void): null => {
  if (!signedIn()) return null;
  const teamId = readStored(CONTEXT_TEAM_KEY);
  void warm(client, plansQuery(teamId)).then((plans) => {
    if (!plans) return;
    const { plan } = contextPlanOf(plans, teamId, readStored(CONTEXT_PLAN_KEY));
    if (plan) next(plan.Id);
  });
  return null;
};

const prefetchBudget = (client: QueryClient): null => withContextPlan(client, (planId) => void warm(client, budgetItemsQuery(planId)));

const prefetchExpenses = (client: QueryClient): null =>
  withContextPlan(client, (planId) => void warm(client, expensePageQuery({ MarketingPlanId: planId, ...FIRST_EXPENSE_PAGE })));

export const prefetchers = { shell: prefetchShell, budget: prefetchBudget, expenses: prefetchExpenses };
