import { baselineRoutes, type ReallocateRequest } from '@plansmith/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';
import { budgetChangeKeys, budgetKeys, objectiveKeys, performanceKeys, planKeys } from '../../../shared/api/query-keys.ts';

/** What an item's month has left to move (Budget − Actual − Committed), as Reallocate limits it. */
export const useMonthLeft = (itemId: string | undefined, month: string | undefined) =>
  useQuery({
    queryKey: [...budgetKeys.all, 'month-left', itemId, month] as const,
    queryFn: () => callApi(baselineRoutes.getMonthLeft, { BudgetItemId: itemId ?? '', Month: month ?? '' }),
    enabled: Boolean(itemId && month),
  });

/** Moves a month's budget between two items of the plan; everything that shows budget is refreshed. */
export const useReallocate = (planId: string) => {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all(
      [budgetKeys.list(planId), budgetKeys.all, planKeys.all, budgetChangeKeys.all, objectiveKeys.all, performanceKeys.all].map(
        (queryKey) => queryClient.invalidateQueries({ queryKey }),
      ),
    );
  return useMutation({
    mutationFn: (input: ReallocateRequest) => callApi(baselineRoutes.reallocate, input),
    onSuccess: refresh,
    // Refused (a stale cell, a closed month): show the items as they are now.
    onError: refresh,
  });
};
