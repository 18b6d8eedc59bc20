import { importRoutes } from '@plansmith/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';
import { importKeys } from '../../../shared/api/query-keys.ts';

export const useImportHistory = (planId: string) =>
  useQuery({ queryKey: importKeys.history(planId), queryFn: () => callApi(importRoutes.list, { MarketingPlanId: planId }) });
