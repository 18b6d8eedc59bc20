import { dashboardRoutes } from '@plansmith/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';
import { dashboardKeys } from '../../../shared/api/query-keys.ts';

export const useDashboard = (planId: string) =>
  useQuery({ queryKey: dashboardKeys.plan(planId), queryFn: () => callApi(dashboardRoutes.getDashboard, { MarketingPlanId: planId }) });
