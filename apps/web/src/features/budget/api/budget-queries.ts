import { budgetRoutes } from '@plansmith/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';
import { budgetKeys } from '../../../shared/api/query-keys.ts';

export const useBudgetItems = (planId: string | null) =>
  useQuery({
    queryKey: budgetKeys.list(planId ?? ''),
    queryFn: () => callApi(budgetRoutes.getBudgetItems, { MarketingPlanId: planId ?? '' }),
    enabled: Boolean(planId),
  });

export const useBudgetItem = (id: string | undefined) =>
  useQuery({
    queryKey: budgetKeys.detail(id ?? ''),
    queryFn: () => callApi(budgetRoutes.getBudgetItem, { BudgetItemId: id ?? '' }),
    enabled: Boolean(id),
  });
