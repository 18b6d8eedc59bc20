import { type Funnel, type FunnelSaveRequest, funnelRoutes } from '@plansmith/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';
import { expectationKeys, funnelKeys, performanceKeys } from '../../../shared/api/query-keys.ts';

/** Saves the goal and stage settings; the answer is the new funnel, put in place at once. */
export const useSaveFunnel = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: FunnelSaveRequest) => callApi(funnelRoutes.save, input),
    onSuccess: (funnel) => {
      queryClient.setQueryData(funnelKeys.detail(funnel.MarketingPlanId), funnel);
      // The forecast grid's "generate from the funnel" state follows the model.
      void queryClient.invalidateQueries({ queryKey: expectationKeys.grid(funnel.MarketingPlanId) });
      // The performance page compares each stage with the model's Required.
      void queryClient.invalidateQueries({ queryKey: performanceKeys.plan(funnel.MarketingPlanId) });
    },
  });
};

/** "Keep theirs" in the merge dialog (DESIGN.md §13): the funnel as the 409 answered it replaces the one read. */
export const useKeepFunnel = () => {
  const queryClient = useQueryClient();
  return (funnel: Funnel) => {
    queryClient.setQueryData(funnelKeys.detail(funnel.MarketingPlanId), funnel);
    void queryClient.invalidateQueries({ queryKey: expectationKeys.grid(funnel.MarketingPlanId) });
  };
};
