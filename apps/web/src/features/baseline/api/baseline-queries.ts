import { baselineRoutes } from '@plansmith/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';
import { budgetChangeKeys, planKeys } from '../../../shared/api/query-keys.ts';

/** The plan's budget changes, newest first (DESIGN.md §14). */
export const useBudgetChanges = (planId: string) =>
  useQuery({
    queryKey: budgetChangeKeys.plan(planId),
    queryFn: () => callApi(baselineRoutes.getBudgetChanges, { MarketingPlanId: planId }),
  });

/** Lock or unlock the plan's baseline; the plan (its lock and Version) is read again. */
export const useBaselineLock = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { planId: string; lock: true } | { planId: string; lock: false; reason: string }) =>
      input.lock
        ? callApi(baselineRoutes.lockBaseline, { MarketingPlanId: input.planId })
        : callApi(baselineRoutes.unlockBaseline, { MarketingPlanId: input.planId, Reason: input.reason }),
    onSuccess: (_state, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: planKeys.all }),
        queryClient.invalidateQueries({ queryKey: budgetChangeKeys.plan(input.planId) }),
      ]),
  });
};
