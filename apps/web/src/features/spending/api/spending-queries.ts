import { spendingRoutes } from '@plansmith/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';
import { spendingKeys } from '../../../shared/api/query-keys.ts';

export const useSpendingReport = (planId: string) =>
  useQuery({ queryKey: spendingKeys.report(planId), queryFn: () => callApi(spendingRoutes.spendingReport, { MarketingPlanId: planId }) });
