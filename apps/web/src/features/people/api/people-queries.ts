import { peopleRoutes } from '@plansmith/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';

export type PeopleFilter = 'all' | 'active' | 'inactive';

export const peopleKeys = {
  all: ['people'] as const,
  lists: () => [...peopleKeys.all, 'list'] as const,
  list: (filter: PeopleFilter) => [...peopleKeys.lists(), filter] as const,
};

const IS_ACTIVE: Record<PeopleFilter, boolean | undefined> = { all: undefined, active: true, inactive: false };

export const usePeople = (filter: PeopleFilter) =>
  useQuery({
    queryKey: peopleKeys.list(filter),
    queryFn: () => callApi(peopleRoutes.list, IS_ACTIVE[filter] === undefined ? {} : { IsActive: IS_ACTIVE[filter] }),
  });
