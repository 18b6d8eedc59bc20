import {
  type BudgetItem,
  budgetRoutes,
  type Objective,
  type ObjectiveDetail,
  type ObjectiveResultSaveRequest,
  type ObjectiveSaveRequest,
  objectiveRoutes,
} from '@plansmith/contract';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';
import { activityKeys, budgetKeys, objectiveKeys, performanceKeys } from '../../../shared/api/query-keys.ts';

/** Other features' caches an objective change moves: performance figures, budget items (their ObjectiveId), the plan's activity. */
const DEPENDENT_QUERIES = [performanceKeys.all, budgetKeys.all, activityKeys.all] as const;

const refreshAfter = (queryClient: QueryClient, objective: ObjectiveDetail) => {
  queryClient.setQueryData(objectiveKeys.detail(objective.Id), objective);
  void queryClient.invalidateQueries({ queryKey: objectiveKeys.list(objective.MarketingPlanId) });
  for (const queryKey of DEPENDENT_QUERIES) void queryClient.invalidateQueries({ queryKey });
};

export const useSaveObjective = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ObjectiveSaveRequest) => callApi(objectiveRoutes.save, input),
    onSuccess: (objective) => refreshAfter(queryClient, objective),
  });
};

/**
 * "Keep theirs" in the merge dialog (DESIGN.md §13): the objective as the 409 answered it goes into
 * the cache, and the lists that show it are read again.
 */
export const useKeepObjective = () => {
  const queryClient = useQueryClient();
  return (objective: ObjectiveDetail | Objective) => {
    if ('Results' in objective) queryClient.setQueryData(objectiveKeys.detail(objective.Id), objective);
    else void queryClient.invalidateQueries({ queryKey: objectiveKeys.detail(objective.Id) });
    void queryClient.invalidateQueries({ queryKey: objectiveKeys.list(objective.MarketingPlanId) });
  };
};

export const useDeleteObjective = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (objective: { id: string; planId: string; version: number }) =>
      callApi(objectiveRoutes.delete, { ObjectiveId: objective.id, Version: objective.version }),
    onSuccess: (_result, objective) => {
      queryClient.removeQueries({ queryKey: objectiveKeys.detail(objective.id) });
      void queryClient.invalidateQueries({ queryKey: objectiveKeys.list(objective.planId) });
      for (const queryKey of DEPENDENT_QUERIES) void queryClient.invalidateQueries({ queryKey });
    },
  });
};

export const useSaveResult = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ObjectiveResultSaveRequest) => callApi(objectiveRoutes.saveResult, input),
    onSuccess: (objective) => refreshAfter(queryClient, objective),
  });
};

export const useDeleteResult = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (result: { id: string; version: number }) =>
      callApi(objectiveRoutes.deleteResult, { ObjectiveResultId: result.id, Version: result.version }),
    onSuccess: (objective) => refreshAfter(queryClient, objective),
  });
};

/** Links a budget item to an objective (or unlinks it with null) by saving the item with its other fields unchanged. */
export const useLinkItem = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ item, objectiveId }: { item: BudgetItem; objectiveId: string | null }) =>
      callApi(budgetRoutes.save, {
        Id: item.Id,
        Name: item.Name,
        Description: item.Description,
        Active: item.Active,
        Amount: item.Amount,
        ItemType: item.ItemType,
        BudgetCategoryId: item.BudgetCategoryId,
        MarketingPlanId: item.MarketingPlanId,
        ObjectiveId: objectiveId,
        GeneralLedgerCodeId: item.GeneralLedgerCodeId,
        Version: item.Version,
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: objectiveKeys.all });
      for (const queryKey of DEPENDENT_QUERIES) void queryClient.invalidateQueries({ queryKey });
    },
  });
};
