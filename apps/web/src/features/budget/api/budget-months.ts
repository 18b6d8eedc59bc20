import type { BudgetItem } from '@plansmith/contract';
import { budgetMonthRoutes, type ItemMonths, type SaveMonthsRequest, type SetMonthRequest } from '@plansmith/contract/budget-months';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';
import { budgetChangeKeys, budgetKeys, planKeys } from '../../../shared/api/query-keys.ts';
import { useAskReason } from '../components/budget-reason.tsx';
import { sendWithReason } from '../lib/with-reason.ts';

/** Under the plan's list key, so whatever refreshes the items (any item save) refreshes their months too. */
export const monthsKey = (planId: string) => [...budgetKeys.list(planId), 'months'] as const;

/** The phasing of every phased item of the plan (the month grid's cells). */
export const usePlanMonths = (planId: string, enabled = true) =>
  useQuery({ queryKey: monthsKey(planId), queryFn: () => callApi(budgetMonthRoutes.getPlanMonths, { MarketingPlanId: planId }), enabled });

/** Puts saved items (with their months) in the plan's cached lists at once, then refreshes what they feed. */
const putSavedItems = (queryClient: QueryClient, planId: string, saved: readonly BudgetItem[]) => {
  const byId = new Map(saved.map((item) => [item.Id, item]));
  queryClient.setQueryData<BudgetItem[]>(budgetKeys.list(planId), (items) =>
    items?.map((item) => {
      const next = byId.get(item.Id);
      if (!next) return item;
      const { Months: _months, ...row } = next;
      return row;
    }),
  );
  queryClient.setQueryData<ItemMonths[]>(monthsKey(planId), (entries) => {
    if (!entries) return entries;
    const others = entries.filter((entry) => !byId.has(entry.BudgetItemId));
    const mine = saved
      .filter((item) => (item.Months ?? []).length > 0)
      .map((item) => ({ BudgetItemId: item.Id, Currency: item.Currency, Months: item.Months ?? [] }));
    return [...others, ...mine];
  });
  for (const item of saved) queryClient.removeQueries({ queryKey: budgetKeys.detail(item.Id) });
  void queryClient.invalidateQueries({ queryKey: budgetKeys.list(planId) });
  void queryClient.invalidateQueries({ queryKey: planKeys.all });
  void queryClient.invalidateQueries({ queryKey: budgetChangeKeys.all });
};

/** Saves a block of months (a paste, one cell, or their undo) in one request, and puts the result in place at once. */
export const useSaveMonths = () => {
  const queryClient = useQueryClient();
  const ask = useAskReason();
  return useMutation({
    // After the baseline lock the block asks why, once (DESIGN.md §14).
    mutationFn: (input: SaveMonthsRequest) =>
      sendWithReason(ask, (Reason) => callApi(budgetMonthRoutes.saveMonths, Reason ? { ...input, Reason } : input)),
    onSuccess: (saved, input) => putSavedItems(queryClient, input.MarketingPlanId, saved),
  });
};

/**
 * "Keep theirs" after a stale grid write (DESIGN.md §13): the items as the server has them now go
 * into the grid at once, and the plan's lists are refetched.
 */
export const useKeepTheirMonths = (planId: string) => {
  const queryClient = useQueryClient();
  return (current: readonly BudgetItem[]): void => putSavedItems(queryClient, planId, current);
};

/** Sets one month of one item (its year total changed or kept); the answer says what it did. */
export const useSetMonth = (planId: string) => {
  const queryClient = useQueryClient();
  const ask = useAskReason();
  return useMutation({
    mutationFn: (input: SetMonthRequest) =>
      sendWithReason(ask, (Reason) => callApi(budgetMonthRoutes.setMonth, Reason ? { ...input, Reason } : input)),
    onSuccess: (result) => putSavedItems(queryClient, planId, [result.Item]),
  });
};
