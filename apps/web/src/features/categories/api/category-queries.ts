import { categoryRoutes } from '@plansmith/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';

export const categoryKeys = {
  all: ['budget-categories'] as const,
  list: () => [...categoryKeys.all, 'list'] as const,
};

/** The tenant's budget categories; `enabled: false` holds the request back until they are needed. */
export const useBudgetCategories = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ queryKey: categoryKeys.list(), queryFn: () => callApi(categoryRoutes.getBudgetCategories, {}), enabled });
