import { reportRoutes } from '@plansmith/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';

export const reportKeys = {
  all: ['reports'] as const,
  budgetCategories: (planId: string) => [...reportKeys.all, 'budget-categories', planId] as const,
};

export const useBudgetCategoriesReport = (planId: string) =>
  useQuery({
    queryKey: reportKeys.budgetCategories(planId),
    queryFn: () => callApi(reportRoutes.budgetCategoriesReport, { MarketingPlanId: planId }),
  });
