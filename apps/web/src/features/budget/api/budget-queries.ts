import { budgetRoutes } from '@plansmith/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';

export const budgetKeys = {
  all: ['budget-items'] as const,
  lists: () => [...budgetKeys.all, 'list'] as const,
  list: (planId: string) => [...budgetKeys.lists(), { planId }] as const,
  details: () => [...budgetKeys.all, 'detail'] as const,
  detail: (id: string) => [...budgetKeys.details(), id] as const,
};

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
