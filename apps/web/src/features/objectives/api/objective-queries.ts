import { budgetRoutes, objectiveRoutes } from '@plansmith/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';
import { objectiveKeys } from '../../../shared/api/query-keys.ts';

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
