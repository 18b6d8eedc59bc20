import { type Forecast, type ForecastSaveRequest, forecastRoutes } from '@plansmith/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';
import { budgetKeys, dashboardKeys, planKeys, reportKeys } from '../../../shared/api/query-keys.ts';

/** Under the plan's list key, so whatever refreshes the items (an item or month save) refreshes the forecast too. */
export const forecastKey = (planId: string) => [...budgetKeys.list(planId), 'forecast'] as const;

/** Every item's Baseline, Budget, spend and Forecast per month (DESIGN.md §14). */
export const useForecast = (planId: string) =>
  useQuery({ queryKey: forecastKey(planId), queryFn: () => callApi(forecastRoutes.getForecast, { MarketingPlanId: planId }) });

/**
 * Saves a block of forecast cells; the answer (the whole forecast) goes into the grid at once, and
 * the screens that show Landing (dashboard, plan page, report) are refreshed.
 */
export const useSaveForecast = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ForecastSaveRequest) => callApi(forecastRoutes.saveForecast, input),
    onSuccess: (saved: Forecast, input) => {
      queryClient.setQueryData(forecastKey(input.MarketingPlanId), saved);
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.plan(input.MarketingPlanId) });
      void queryClient.invalidateQueries({ queryKey: planKeys.detail(input.MarketingPlanId) });
      void queryClient.invalidateQueries({ queryKey: reportKeys.budgetCategories(input.MarketingPlanId) });
    },
  });
};
