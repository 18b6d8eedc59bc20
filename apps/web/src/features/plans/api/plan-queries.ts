import { planRoutes, teamRoutes } from '@plansmith/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';

export const planKeys = {
  all: ['plans'] as const,
  lists: () => [...planKeys.all, 'list'] as const,
  list: (teamId: string | null) => [...planKeys.lists(), { teamId }] as const,
  details: () => [...planKeys.all, 'detail'] as const,
  detail: (id: string) => [...planKeys.details(), id] as const,
  totals: (id: string) => [...planKeys.all, 'totals', id] as const,
  teams: () => [...planKeys.all, 'teams'] as const,
};

/** The plans of a team; with no team, of every team the user may see. */
export const plansQuery = (teamId: string | null) =>
  queryOptions({
    queryKey: planKeys.list(teamId),
    queryFn: () => callApi(planRoutes.getMarketingPlans, teamId ? { TeamId: teamId } : {}),
  });
export const usePlans = (teamId: string | null) => useQuery(plansQuery(teamId));

export const usePlan = (id: string | undefined) =>
  useQuery({
    queryKey: planKeys.detail(id ?? ''),
    queryFn: () => callApi(planRoutes.getMarketingPlan, { MarketingPlanId: id ?? '' }),
    enabled: Boolean(id),
  });

/** RebuildPlan: totals by category and type, recomputed on the server. */
export const usePlanTotals = (id: string | undefined) =>
  useQuery({
    queryKey: planKeys.totals(id ?? ''),
    queryFn: () => callApi(planRoutes.rebuildPlan, { MarketingPlanId: id ?? '' }),
    enabled: Boolean(id),
  });

/** The teams a new plan can belong to (the team list the context team picker also reads). */
export const usePlanTeams = () =>
  useQuery({ queryKey: planKeys.teams(), queryFn: () => callApi(teamRoutes.myList, {}), staleTime: 60_000 });
