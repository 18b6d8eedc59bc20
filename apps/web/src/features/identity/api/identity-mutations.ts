import { CLIENT_ID, identityRoutes } from '@plansmith/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';
import { clearSession, startSession } from '../../../shared/api/session.ts';

export const useLogin = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { email: string; password: string }) =>
      callApi(identityRoutes.login, { Username: input.email, Password: input.password, ClientId: CLIENT_ID }),
    onSuccess: (tokens) => {
      queryClient.clear();
      startSession(tokens);
    },
  });
};

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
