import { type ExpenseViewSaveRequest, expenseViewRoutes } from '@plansmith/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';
import { expenseKeys } from '../../../shared/api/query-keys.ts';

/** The caller's saved views of the expenses list (private: only theirs), by name. */
export const useExpenseViews = (enabled = true) =>
  useQuery({
    queryKey: expenseKeys.views(),
    queryFn: () => callApi(expenseViewRoutes.listExpenseViews, {}),
    enabled,
    staleTime: 60_000,
  });

export const useSaveExpenseView = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (view: ExpenseViewSaveRequest) => callApi(expenseViewRoutes.saveExpenseView, view),
    onSettled: () => queryClient.invalidateQueries({ queryKey: expenseKeys.views() }),
  });
};

export const useDeleteExpenseView = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (view: { Id: string; Version: number }) => callApi(expenseViewRoutes.deleteExpenseView, view),
    onSettled: () => queryClient.invalidateQueries({ queryKey: expenseKeys.views() }),
  });
};
