import { type LookupSaveRequest, lookupRoutes } from '@plansmith/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';
import { lookupKeys } from './lookup-queries.ts';

export const useSaveLookup = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LookupSaveRequest) => callApi(lookupRoutes.save, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lookupKeys.all }),
  });
};

export const useDeleteLookup = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(lookupRoutes.delete, { LookupInfoId: id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lookupKeys.all }),
  });
};
