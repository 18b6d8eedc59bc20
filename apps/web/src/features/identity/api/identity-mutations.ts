import { identityRoutes } from '@plansmith/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';
import { clearSession } from '../../../shared/api/session.ts';

/** Revokes the session on the server, then forgets it here whatever the server said. */
export const useLogout = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await callApi(identityRoutes.logout, {});
      } finally {
        clearSession();
        queryClient.clear();
      }
    },
  });
};
