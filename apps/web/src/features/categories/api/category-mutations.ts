import { type BudgetCategory, type BudgetCategorySaveRequest, categoryRoutes } from '@plansmith/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';
import { categoryKeys } from './category-queries.ts';

const useInvalidate = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: categoryKeys.all });
};

// Every write carries the versions read (DESIGN.md §13); after a refusal the list is read again.
export const useSaveCategory = () => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: BudgetCategorySaveRequest) => callApi(categoryRoutes.save, input),
    onSuccess: invalidate,
    onError: invalidate,
  });
};

/** Saves a new order (SortOrder) of several categories in one transaction, each with its Version. */
export const useSaveAllCategories = () => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: BudgetCategorySaveRequest[]) => callApi(categoryRoutes.saveAll, input),
    onSuccess: invalidate,
    onError: invalidate,
  });
};

export const useDeleteCategory = () => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (category: Pick<BudgetCategory, 'Id' | 'Version'>) =>
      callApi(categoryRoutes.delete, { BudgetCategoryId: category.Id, Version: category.Version }),
    onSuccess: invalidate,
    onError: invalidate,
  });
};

/** Deletes every category as shown: one changed or added since answers 409 and none is deleted. */
export const useDeleteAllCategories = () => {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (shown: ReadonlyArray<Pick<BudgetCategory, 'Id' | 'Version'>>) =>
      callApi(categoryRoutes.deleteAll, {
        Categories: shown.map((category) => ({ BudgetCategoryId: category.Id, Version: category.Version })),
      }),
    onSuccess: invalidate,
    onError: invalidate,
  });
};
