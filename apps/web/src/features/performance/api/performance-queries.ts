import { type DeltaPeriod, performanceRoutes } from '@plansmith/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';
import { performanceKeys } from '../../../shared/api/query-keys.ts';

/** The plan's performance with deltas over `deltaPeriod`; under performanceKeys.plan, so saves that invalidate the plan reach every period. */
export const usePerformance = (planId: string, deltaPeriod: DeltaPeriod = 'Month') =>
  useQuery({
    queryKey: [...performanceKeys.plan(planId), { deltaPeriod }],
    queryFn: () => callApi(performanceRoutes.getPerformance, { MarketingPlanId: planId, DeltaPeriod: deltaPeriod }),
    // Switching the period keeps the tiles on screen while the new deltas load.
    placeholderData: (previous) => previous,
  });
