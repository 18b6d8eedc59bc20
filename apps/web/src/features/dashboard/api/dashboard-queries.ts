import { dashboardRoutes } from '@plansmith/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';

export const dashboardKeys = {
  all: ['dashboard'] as const,
  plan: (planId: string) => [...dashboardKeys.all, planId] as const,
};

export const useDashboard = (planId: string) =>
  useQuery({ queryKey: dashboardKeys.plan(planId), queryFn: () => callApi(dashboardRoutes.getDashboard, { MarketingPlanId: planId }) });
