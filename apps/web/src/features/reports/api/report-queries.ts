import { reportRoutes } from '@plansmith/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';
import { reportKeys } from '../../../shared/api/query-keys.ts';

export const useBudgetCategoriesReport = (planId: string) =>
  useQuery({
    queryKey: reportKeys.budgetCategories(planId),
    queryFn: () => callApi(reportRoutes.budgetCategoriesReport, { MarketingPlanId: planId }),
  });
