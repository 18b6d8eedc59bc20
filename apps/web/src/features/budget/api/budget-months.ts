import type { BudgetItem } from '@plansmith/contract';
import { budgetMonthRoutes, type ItemMonths, type SaveMonthsRequest } from '@plansmith/contract/budget-months';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';
import { budgetKeys, planKeys } from '../../../shared/api/query-keys.ts';

/** Under the plan's list key, so whatever refreshes the items (any item save) refreshes their months too. */
export const monthsKey = (planId: string) => [...budgetKeys.list(planId), 'months'] as const;

/** The phasing of every phased item of the plan (the month grid's cells). */
export const usePlanMonths = (planId: string) =>
  useQuery({ queryKey: monthsKey(planId), queryFn: () => callApi(budgetMonthRoutes.getPlanMonths, { MarketingPlanId: planId }) });

/** Saves a block of months (a paste, one cell, or their undo) in one request, and puts the result in place at once. */
export const useSaveMonths = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveMonthsRequest) => callApi(budgetMonthRoutes.saveMonths, input),
    onSuccess: (saved, input) => {
      const byId = new Map(saved.map((item) => [item.Id, item]));
      queryClient.setQueryData<BudgetItem[]>(budgetKeys.list(input.MarketingPlanId), (items) =>
        items?.map((item) => {
          const next = byId.get(item.Id);
          if (!next) return item;
          const { Months: _months, ...row } = next;
          return row;
        }),
      );
      queryClient.setQueryData<ItemMonths[]>(monthsKey(input.MarketingPlanId), (entries) => {
        if (!entries) return entries;
        const others = entries.filter((entry) => !byId.has(entry.BudgetItemId));
        const mine = saved
          .filter((item) => (item.Months ?? []).length > 0)
          .map((item) => ({ BudgetItemId: item.Id, Months: item.Months ?? [] }));
        return [...others, ...mine];
      });
      for (const item of saved) queryClient.removeQueries({ queryKey: budgetKeys.detail(item.Id) });
      void queryClient.invalidateQueries({ queryKey: budgetKeys.list(input.MarketingPlanId) });
      void queryClient.invalidateQueries({ queryKey: planKeys.all });
    },
  });
};
