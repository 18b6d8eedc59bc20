import { expectationRoutes } from '@plansmith/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';
import { expectationKeys } from '../../../shared/api/query-keys.ts';

export const useExpectationGrid = (planId: string) =>
  useQuery({ queryKey: expectationKeys.grid(planId), queryFn: () => callApi(expectationRoutes.get, { MarketingPlanId: planId }) });
