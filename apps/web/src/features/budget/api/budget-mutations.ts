import { type BudgetItem, type BudgetItemSaveRequest, budgetRoutes } from '@plansmith/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';
import { budgetChangeKeys, budgetKeys, objectiveKeys, performanceKeys, planKeys } from '../../../shared/api/query-keys.ts';
import { useAskReason } from '../components/budget-reason.tsx';
import { sendWithReason } from '../lib/with-reason.ts';

/** An item's amount and ObjectiveId move its objective's budget, spend and cost per result. */
const OBJECTIVE_QUERIES = [objectiveKeys.all, performanceKeys.all] as const;

export const useSaveBudgetItem = () => {
  const queryClient = useQueryClient();
  const ask = useAskReason();
  return useMutation({
    // After the baseline lock a budget change asks why, once (DESIGN.md §14).
    mutationFn: (input: BudgetItemSaveRequest) =>
      sendWithReason(ask, (Reason) => callApi(budgetRoutes.save, Reason ? { ...input, Reason } : input)),
    onSuccess: (item) => {
      queryClient.setQueryData(budgetKeys.detail(item.Id), item);
      // Put the saved row in place at once, then refetch the plan's list in the background.
      queryClient.setQueryData<BudgetItem[]>(budgetKeys.list(item.MarketingPlanId), (items) => {
        if (!items) return items;
        const { Months: _months, ...row } = item;
        return items.some((existing) => existing.Id === item.Id)
          ? items.map((existing) => (existing.Id === item.Id ? row : existing))
          : [...items, row];
      });
      void queryClient.invalidateQueries({ queryKey: budgetKeys.list(item.MarketingPlanId) });
      // Plan totals (lists, details, RebuildPlan) change with every item, and so may its budget changes.
      void queryClient.invalidateQueries({ queryKey: planKeys.all });
      void queryClient.invalidateQueries({ queryKey: budgetChangeKeys.all });
      for (const queryKey of OBJECTIVE_QUERIES) void queryClient.invalidateQueries({ queryKey });
    },
  });
};

export const useDeleteBudgetItem = () => {
  const queryClient = useQueryClient();
  const ask = useAskReason();
  return useMutation({
    mutationFn: (item: { id: string; planId: string; version: number }) =>
      sendWithReason(ask, (Reason) => callApi(budgetRoutes.delete, { BudgetItemId: item.id, Version: item.version, Reason })),
    onSuccess: (_result, item) => {
      queryClient.removeQueries({ queryKey: budgetKeys.detail(item.id) });
      void queryClient.invalidateQueries({ queryKey: budgetKeys.list(item.planId) });
      // Plan totals (lists, details, RebuildPlan) change with every item, and so may its budget changes.
      void queryClient.invalidateQueries({ queryKey: planKeys.all });
      void queryClient.invalidateQueries({ queryKey: budgetChangeKeys.all });
      for (const queryKey of OBJECTIVE_QUERIES) void queryClient.invalidateQueries({ queryKey });
    },
  });
};

/**
 * "Keep theirs" after a stale save or delete (DESIGN.md §13): the item as the server has it now
 * replaces the one on screen (the form resets to it), and what shows it is refreshed.
 */
export const useKeepTheirItem = () => {
  const queryClient = useQueryClient();
  return (current: BudgetItem): void => {
    queryClient.setQueryData(budgetKeys.detail(current.Id), current);
    void queryClient.invalidateQueries({ queryKey: budgetKeys.list(current.MarketingPlanId) });
    void queryClient.invalidateQueries({ queryKey: planKeys.all });
  };
};
