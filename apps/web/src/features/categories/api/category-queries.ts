import { categoryRoutes } from '@plansmith/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';

export const categoryKeys = {
  all: ['budget-categories'] as const,
  list: () => [...categoryKeys.all, 'list'] as const,
};

export const useBudgetCategories = () =>
  useQuery({ queryKey: categoryKeys.list(), queryFn: () => callApi(categoryRoutes.getBudgetCategories, {}) });
