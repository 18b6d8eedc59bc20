import { teamRoutes } from '@plansmith/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';
import { teamKeys } from '../../../shared/api/query-keys.ts';

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
