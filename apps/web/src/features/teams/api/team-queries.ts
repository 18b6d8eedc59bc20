import { teamRoutes } from '@plansmith/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';

export const teamKeys = {
  all: ['teams'] as const,
  mine: () => [...teamKeys.all, 'mine'] as const,
  views: () => [...teamKeys.all, 'view'] as const,
  members: (teamId: string) => [...teamKeys.all, 'members', teamId] as const,
  roles: () => [...teamKeys.all, 'roles'] as const,
  people: () => [...teamKeys.all, 'people'] as const,
};

/** The active teams the user works in (every team for Owners and Admins): the context team picker's list. */
export const myTeamsQuery = () => queryOptions({ queryKey: teamKeys.mine(), queryFn: () => callApi(teamRoutes.myList, {}) });
export const useMyTeams = () => useQuery(myTeamsQuery());

export const useTeamViews = () => useQuery({ queryKey: teamKeys.views(), queryFn: () => callApi(teamRoutes.listView, {}) });

export const useTeamMembers = (teamId: string | null) =>
  useQuery({
    queryKey: teamKeys.members(teamId ?? ''),
    queryFn: () => callApi(teamRoutes.getTeamMembers, { Id: teamId as string }),
    enabled: Boolean(teamId),
  });

export const useTeamRoles = () =>
  useQuery({ queryKey: teamKeys.roles(), queryFn: () => callApi(teamRoutes.getRoles, {}), staleTime: Number.POSITIVE_INFINITY });

/** People with their teams: the picker for adding members (Owners, Admins, Leads). */
export const useTeamPeople = (enabled = true) =>
  useQuery({ queryKey: teamKeys.people(), queryFn: () => callApi(teamRoutes.userListView, {}), enabled });
