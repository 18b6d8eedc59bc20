import { performanceRoutes } from '@plansmith/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';
import { performanceKeys } from '../../../shared/api/query-keys.ts';

export const usePerformance = (planId: string) =>
  useQuery({
    queryKey: performanceKeys.plan(planId),
    queryFn: () => callApi(performanceRoutes.getPerformance, { MarketingPlanId: planId }),
  });
