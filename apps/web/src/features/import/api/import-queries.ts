import { importRoutes } from '@plansmith/contract/imports';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';

/** Only this feature reads the import history, so its keys live here rather than in shared/. */
export const importKeys = {
  all: ['imports'] as const,
  history: (planId: string) => [...importKeys.all, 'history', planId] as const,
};

export const useImportHistory = (planId: string) =>
  useQuery({ queryKey: importKeys.history(planId), queryFn: () => callApi(importRoutes.list, { MarketingPlanId: planId }) });
