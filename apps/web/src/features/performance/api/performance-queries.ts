import { performanceRoutes } from '@plansmith/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';

export const performanceKeys = {
  all: ['performance'] as const,
  plan: (planId: string) => [...performanceKeys.all, { planId }] as const,
};

export const usePerformance = (planId: string) =>
  useQuery({
    queryKey: performanceKeys.plan(planId),
    queryFn: () => callApi(performanceRoutes.getPerformance, { MarketingPlanId: planId }),
  });
