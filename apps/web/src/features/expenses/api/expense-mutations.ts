import { type ExpenseSaveRequest, expenseRoutes } from '@plansmith/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';
import { expenseKeys } from './expense-queries.ts';

/**
 * An expense changes much more than its own list: the item's burn rate, the plan's totals, the
 * report, spending, the dashboard and the activity feeds. Every active query is refetched (the
 * inactive ones are only marked stale), so no screen shows money from before the change.
 */
const useRefreshAfterExpenseChange = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries();
};

export const useSaveExpense = () => {
  const queryClient = useQueryClient();
  const refresh = useRefreshAfterExpenseChange();
  return useMutation({
    mutationFn: (expense: ExpenseSaveRequest) => callApi(expenseRoutes.saveExpense, expense),
    onSuccess: (saved) => {
      queryClient.setQueryData(expenseKeys.detail(saved.Id), saved);
      void refresh();
    },
  });
};

export const useDeleteExpense = () => {
  const queryClient = useQueryClient();
  const refresh = useRefreshAfterExpenseChange();
  return useMutation({
    mutationFn: (input: { ExpenseId: string; BudgetItemId?: string }) => callApi(expenseRoutes.deleteExpense, input),
    onSuccess: (_, input) => {
      queryClient.removeQueries({ queryKey: expenseKeys.detail(input.ExpenseId) });
      void refresh();
    },
  });
};
