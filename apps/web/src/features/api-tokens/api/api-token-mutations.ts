import { type ApiTokenCreateRequest, apiTokenRoutes } from '@plansmith/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';
import { apiTokenKeys } from './api-token-queries.ts';

export const useCreateApiToken = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApiTokenCreateRequest) => callApi(apiTokenRoutes.create, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokenKeys.list() }),
  });
};

export const useRevokeApiToken = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(apiTokenRoutes.revoke, { Id: id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokenKeys.list() }),
  });
};
