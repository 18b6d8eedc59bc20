import { budgetRoutes } from '@plansmith/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';
import { budgetKeys } from '../../../shared/api/query-keys.ts';

export const budgetItemsQuery = (planId: string) =>
  queryOptions({
    queryKey: budgetKeys.list(planId),
    queryFn: () => callApi(budgetRoutes.getBudgetItems, { MarketingPlanId: planId }),
  });
export const useBudgetItems = (planId: string | null) => useQuery({ ...budgetItemsQuery(planId ?? ''), enabled: Boolean(planId) });

export const useBudgetItem = (id: string | undefined) =>
  useQuery({
    queryKey: budgetKeys.detail(id ?? ''),
    queryFn: () => callApi(budgetRoutes.getBudgetItem, { BudgetItemId: id ?? '' }),
    enabled: Boolean(id),
  });
