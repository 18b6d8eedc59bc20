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

export const useDeletePlan = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(planRoutes.delete, { MarketingPlanId: id }),
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: planKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: planKeys.lists() });
    },
  });
};

export const useSharePlan = () => {
  const refresh = useRefreshPlans();
  return useMutation({
    mutationFn: ({ id, share }: { id: string; share: boolean }) =>
      callApi(share ? planRoutes.share : planRoutes.unshare, { MarketingPlanId: id }),
    onSuccess: (plan) => refresh(plan),
  });
};
