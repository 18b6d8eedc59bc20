import { apiTokenRoutes } from '@plansmith/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';

export const apiTokenKeys = {
  all: ['api-tokens'] as const,
  list: () => [...apiTokenKeys.all, 'list'] as const,
};

/** The caller's tokens (an Owner or Admin: the account's), newest first. */
export const useApiTokens = () => useQuery({ queryKey: apiTokenKeys.list(), queryFn: () => callApi(apiTokenRoutes.list) });
