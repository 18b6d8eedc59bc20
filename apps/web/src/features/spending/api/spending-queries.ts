import { spendingRoutes } from '@plansmith/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';

export const spendingKeys = {
  all: ['spending'] as const,
  report: (planId: string) => [...spendingKeys.all, planId] as const,
};

export const useSpendingReport = (planId: string) =>
  useQuery({ queryKey: spendingKeys.report(planId), queryFn: () => callApi(spendingRoutes.spendingReport, { MarketingPlanId: planId }) });
