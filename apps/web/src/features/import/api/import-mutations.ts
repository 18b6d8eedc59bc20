import { type ImportCommitRequest, type ImportPreviewRequest, importRoutes } from '@plansmith/contract/imports';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';
import { importKeys } from './import-queries.ts';
import {
  activityKeys,
  budgetKeys,
  dashboardKeys,
  expenseKeys,
  planKeys,
  reportKeys,
  spendingKeys,
} from '../../../shared/api/query-keys.ts';

/** An import or its undo changes the plan's items or expenses and every total built on them. */
const refreshPlanData = (queryClient: QueryClient) => {
  for (const keys of [importKeys, expenseKeys, budgetKeys, planKeys, reportKeys, spendingKeys, dashboardKeys, activityKeys]) {
    void queryClient.invalidateQueries({ queryKey: keys.all });
  }
};

export const usePreviewImport = () => useMutation({ mutationFn: (input: ImportPreviewRequest) => callApi(importRoutes.preview, input) });

export const useCommitImport = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ImportCommitRequest) => callApi(importRoutes.commit, input),
    onSuccess: () => refreshPlanData(queryClient),
  });
};

export const useUndoImport = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (importId: string) => callApi(importRoutes.undo, { ImportId: importId }),
    onSuccess: () => refreshPlanData(queryClient),
  });
};
