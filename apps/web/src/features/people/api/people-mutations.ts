import { type BodyOf, peopleRoutes } from '@plansmith/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';
import { peopleKeys } from './people-queries.ts';

export const useSavePerson = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (person: BodyOf<typeof peopleRoutes.save>) => callApi(peopleRoutes.save, person),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: peopleKeys.lists() }),
  });
};

/** Mails (or re-mails) the invitation; the earlier link stops working. */
export const useSendInvitation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userProfileId: string) =>
      callApi(peopleRoutes.sendInvitation, { UserProfileId: userProfileId, InvitationUrl: `${window.location.origin}/invitation` }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: peopleKeys.lists() }),
  });
};

/** Creates the person, then mails the invitation: two calls, so a failed mail can be resent from the list. */
export const useInvitePerson = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (person: { FirstName: string; LastName: string; Email: string; TenantRole: 'Owner' | 'Admin' | 'Member' }) => {
      const created = await callApi(peopleRoutes.save, person);
      return callApi(peopleRoutes.sendInvitation, { UserProfileId: created.Id, InvitationUrl: `${window.location.origin}/invitation` });
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: peopleKeys.lists() }),
  });
};
