import { type BudgetCategorySaveRequest, categoryRoutes } from '@plansmith/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';
import { categoryKeys } from './category-queries.ts';

const useInvalidate = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: categoryKeys.all });
};

export const useSaveCategory = () => {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (input: BudgetCategorySaveRequest) => callApi(categoryRoutes.save, input), onSuccess: invalidate });
};

/** Saves a new order (SortOrder) of several categories in one transaction. */
export const useSaveAllCategories = () => {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (input: BudgetCategorySaveRequest[]) => callApi(categoryRoutes.saveAll, input), onSuccess: invalidate });
};

export const useDeleteCategory = () => {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (id: string) => callApi(categoryRoutes.delete, { BudgetCategoryId: id }), onSuccess: invalidate });
};

export const useDeleteAllCategories = () => {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: () => callApi(categoryRoutes.deleteAll), onSuccess: invalidate });
};
