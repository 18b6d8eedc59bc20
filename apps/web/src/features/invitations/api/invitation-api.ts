import { CLIENT_ID, invitationRoutes } from '@plansmith/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';
import { startSession } from '../../../shared/api/session.ts';

export const invitationKeys = { detail: (key: string) => ['invitation', key] as const };

/** Who is invited by which company; fails (404) for an unknown, used or expired key. */
export const useInvitation = (key: string | null) =>
  useQuery({
    queryKey: invitationKeys.detail(key ?? ''),
    queryFn: () => callApi(invitationRoutes.validateInvitation, { InvitationKey: key as string }),
    enabled: Boolean(key),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Sets the password and signs the person in (a new session: the stored context team is cleared). */
export const useCompleteInvitation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { key: string; password: string; confirmPassword: string }) =>
      callApi(invitationRoutes.completeInvitation, {
        InvitationKey: input.key,
        Password: input.password,
        ConfirmPassword: input.confirmPassword,
        ClientId: CLIENT_ID,
      }),
    onSuccess: (tokens) => {
      queryClient.clear();
      startSession(tokens);
    },
  });
};
