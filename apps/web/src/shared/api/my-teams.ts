import { teamRoutes } from '@plansmith/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from './client.ts';
import { teamKeys } from './query-keys.ts';

/**
 * The active teams the user works in (every team for Owners and Admins): the context team picker's
 * list and the teams a new plan can belong to. One query, so a team change shows in both.
 */
export const myTeamsQuery = () =>
  queryOptions({
    queryKey: teamKeys.mine(),
    queryFn: () => callApi(teamRoutes.myList, {}),
    // The shell's loader (or the early requests) fetched it a moment before the pickers mount: they
    // take that answer instead of asking again (as plansQuery). Team changes invalidate it.
    staleTime: 15_000,
  });
export const useMyTeams = () => useQuery(myTeamsQuery());
