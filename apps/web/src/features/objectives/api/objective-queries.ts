import { budgetRoutes, objectiveRoutes } from '@plansmith/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';

export const objectiveKeys = {
  all: ['objectives'] as const,
  lists: () => [...objectiveKeys.all, 'list'] as const,
  list: (planId: string) => [...objectiveKeys.lists(), { planId }] as const,
  details: () => [...objectiveKeys.all, 'detail'] as const,
  detail: (id: string) => [...objectiveKeys.details(), id] as const,
  items: (id: string) => [...objectiveKeys.all, 'items', id] as const,
};

export const useObjectives = (planId: string | null, enabled = true) =>
  useQuery({
    queryKey: objectiveKeys.list(planId ?? ''),
    queryFn: () => callApi(objectiveRoutes.getObjectives, { MarketingPlanId: planId ?? '' }),
    enabled: Boolean(planId) && enabled,
  });

export const useObjective = (id: string | undefined) =>
  useQuery({
    queryKey: objectiveKeys.detail(id ?? ''),
    queryFn: () => callApi(objectiveRoutes.getObjective, { ObjectiveId: id ?? '' }),
    enabled: Boolean(id),
  });

/** The budget items linked to an objective (GetBudgetItems {ObjectiveId}). */
export const useObjectiveItems = (id: string | undefined) =>
  useQuery({
    queryKey: objectiveKeys.items(id ?? ''),
    queryFn: () => callApi(budgetRoutes.getBudgetItems, { ObjectiveId: id ?? '' }),
    enabled: Boolean(id),
  });
