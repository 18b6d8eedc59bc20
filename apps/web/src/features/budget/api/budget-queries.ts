import { budgetRoutes } from '@plansmith/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';
import { budgetKeys } from '../../../shared/api/query-keys.ts';

export const budgetItemsQuery = (planId: string) =>
  queryOptions({
    queryKey: budgetKeys.list(planId),
    queryFn: () => callApi(budgetRoutes.getBudgetItems, { MarketingPlanId: planId }),
    // Fetched by /budget's loader while the page's code loads (app/prefetch.ts): the grid mounting a
    // moment later takes that answer instead of asking again. Edits invalidate it as before.
    staleTime: 15_000,
  });
export const useBudgetItems = (planId: string | null) => useQuery({ ...budgetItemsQuery(planId ?? ''), enabled: Boolean(planId) });

export const useBudgetItem = (id: string | undefined) =>
  useQuery({
    queryKey: budgetKeys.detail(id ?? ''),
    queryFn: () => callApi(budgetRoutes.getBudgetItem, { BudgetItemId: id ?? '' }),
    enabled: Boolean(id),
  });
