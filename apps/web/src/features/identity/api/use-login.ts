import { useMutation, useQueryClient } from '@tanstack/react-query';
import { startSession } from '../../../shared/api/session.ts';

// The sign-in call comes with the API client and zod (~30 KB compressed): /login renders without
// them and loads them once it is up (preloadSignIn), well before anyone has typed a password.
const loadSignIn = () => import('./sign-in.ts');

export const preloadSignIn = (): void => {
  void loadSignIn();
};

export const useLogin = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { email: string; password: string }) => (await loadSignIn()).signIn(input),
    onSuccess: (tokens) => {
      queryClient.clear();
      startSession(tokens);
    },
  });
};
