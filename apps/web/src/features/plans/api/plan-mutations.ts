import { type MarketingPlan, type PlanSaveRequest, planRoutes } from '@plansmith/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';
import { planKeys } from '../../../shared/api/query-keys.ts';

const useRefreshPlans = () => {
  const queryClient = useQueryClient();
  return (plan?: MarketingPlan) => {
    if (plan) queryClient.setQueryData(planKeys.detail(plan.Id), plan);
    return queryClient.invalidateQueries({ queryKey: planKeys.lists() });
  };
};

export const useSavePlan = () => {
  const refresh = useRefreshPlans();
  return useMutation({ mutationFn: (input: PlanSaveRequest) => callApi(planRoutes.save, input), onSuccess: (plan) => refresh(plan) });
};

/** Deletes the plan as read: its Version goes with it, and a stale one answers 409 (DESIGN.md §13). */
export const useDeletePlan = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (plan: Pick<MarketingPlan, 'Id' | 'Version'>) =>
      callApi(planRoutes.delete, { MarketingPlanId: plan.Id, Version: plan.Version }),
    onSuccess: (_result, plan) => {
      queryClient.removeQueries({ queryKey: planKeys.detail(plan.Id) });
      return queryClient.invalidateQueries({ queryKey: planKeys.lists() });
    },
    // Refused (e.g. changed meanwhile): show the plan as it is now.
    onError: (_error, plan) => queryClient.invalidateQueries({ queryKey: planKeys.detail(plan.Id) }),
  });
};

/**
 * "Keep theirs" after a stale save (DESIGN.md §13): the plan as the server has it now replaces the
 * one on screen, and the lists are refreshed.
 */
export const useKeepTheirPlan = () => {
  const refresh = useRefreshPlans();
  return (current: MarketingPlan): void => void refresh(current);
};

export const useSharePlan = () => {
  const refresh = useRefreshPlans();
  return useMutation({
    mutationFn: ({ id, share }: { id: string; share: boolean }) =>
      callApi(share ? planRoutes.share : planRoutes.unshare, { MarketingPlanId: id }),
    onSuccess: (plan) => refresh(plan),
  });
};
