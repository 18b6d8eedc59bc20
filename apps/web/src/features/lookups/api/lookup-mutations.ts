import { type Lookup, type LookupSaveRequest, lookupRoutes } from '@plansmith/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';
import { lookupKeys } from './lookup-queries.ts';

export const useSaveLookup = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LookupSaveRequest) => callApi(lookupRoutes.save, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lookupKeys.all }),
    // Refused (e.g. changed meanwhile, DESIGN.md §13): show the entries as they are now.
    onError: () => queryClient.invalidateQueries({ queryKey: lookupKeys.all }),
  });
};

export const useDeleteLookup = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entry: Pick<Lookup, 'Id' | 'Version'>) => callApi(lookupRoutes.delete, { LookupInfoId: entry.Id, Version: entry.Version }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lookupKeys.all }),
    onError: () => queryClient.invalidateQueries({ queryKey: lookupKeys.all }),
  });
};
