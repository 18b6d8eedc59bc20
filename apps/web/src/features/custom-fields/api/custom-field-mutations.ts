import { type CustomField, type CustomFieldSaveRequest, customFieldRoutes } from '@plansmith/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';
import { customFieldKeys } from '../../../shared/custom-fields/custom-field-queries.ts';
import { budgetKeys, expenseKeys } from '../../../shared/api/query-keys.ts';

/** After a change the fields reload, and so do the rows whose values a deleted field took along. */
const useRefresh = () => {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: customFieldKeys.all });
  };
};

export const useSaveCustomField = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: CustomFieldSaveRequest) => callApi(customFieldRoutes.save, input),
    onSuccess: refresh,
    onError: refresh,
  });
};

export const useDeleteCustomField = () => {
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (field: Pick<CustomField, 'Id' | 'Version'>) => callApi(customFieldRoutes.delete, { Id: field.Id, Version: field.Version }),
    onSuccess: () => {
      refresh();
      void queryClient.invalidateQueries({ queryKey: budgetKeys.all });
      void queryClient.invalidateQueries({ queryKey: expenseKeys.all });
    },
    onError: refresh,
  });
};
