import { funnelRoutes } from '@plansmith/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';
import { funnelKeys } from '../../../shared/api/query-keys.ts';

export const useFunnel = (planId: string) =>
  useQuery({ queryKey: funnelKeys.detail(planId), queryFn: () => callApi(funnelRoutes.get, { MarketingPlanId: planId }) });
