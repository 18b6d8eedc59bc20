import { type BodyOf, tenantRoutes } from '@plansmith/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';
// The tenant the shell shows (name badge) lives under the identity feature's key; saving updates it in place.
import { identityKeys } from '../../../shared/api/query-keys.ts';

export const useSaveTenant = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BodyOf<typeof tenantRoutes.saveTenant>) => callApi(tenantRoutes.saveTenant, input),
    onSuccess: (tenant) => queryClient.setQueryData(identityKeys.tenant(), tenant),
  });
};
