import { type BodyOf, type Team, teamRoutes } from '@plansmith/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';
import { teamKeys } from '../../../shared/api/query-keys.ts';

export const useSaveTeam = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (team: BodyOf<typeof teamRoutes.save>) => callApi(teamRoutes.save, team),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: teamKeys.views() });
      void queryClient.invalidateQueries({ queryKey: teamKeys.mine() });
    },
    // Refused (e.g. changed meanwhile, DESIGN.md §13): show the teams as they are now.
    onError: () => void queryClient.invalidateQueries({ queryKey: teamKeys.views() }),
  });
};

export const useDeleteTeam = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (team: Pick<Team, 'Id' | 'Version'>) => callApi(teamRoutes.delete, { Id: team.Id, Version: team.Version }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: teamKeys.all }),
    onError: () => void queryClient.invalidateQueries({ queryKey: teamKeys.views() }),
  });
};

/** Add (Add), change the role (Update) or remove (neither) one member. */
export const useChangeTeamMember = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: BodyOf<typeof teamRoutes.changeTeamMember>) => callApi(teamRoutes.changeTeamMember, change),
    onSuccess: (members, change) => {
      queryClient.setQueryData(teamKeys.members(change.TeamId), members);
      void queryClient.invalidateQueries({ queryKey: teamKeys.views() });
      void queryClient.invalidateQueries({ queryKey: teamKeys.people() });
      void queryClient.invalidateQueries({ queryKey: teamKeys.mine() });
    },
  });
};
