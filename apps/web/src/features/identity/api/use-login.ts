import { useMutation, useQueryClient } from '@tanstack/react-query';

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
    // The session is stored by signIn itself; what was cached belongs to whoever was here before.
    onSuccess: () => queryClient.clear(),
  });
};
