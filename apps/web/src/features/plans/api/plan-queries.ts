import { planRoutes } from '@plansmith/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';
import { planKeys } from '../../../shared/api/query-keys.ts';

/** The plans of a team; with no team, of every team the user may see. */
export const plansQuery = (teamId: string | null) =>
  queryOptions({
    queryKey: planKeys.list(teamId),
    queryFn: () => callApi(planRoutes.getMarketingPlans, teamId ? { TeamId: teamId } : {}),
    // The route loaders fetch it while the page's code loads (app/prefetch.ts): the page mounting a
    // moment later takes that answer instead of asking again. Changes invalidate it as before.
    staleTime: 15_000,
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
