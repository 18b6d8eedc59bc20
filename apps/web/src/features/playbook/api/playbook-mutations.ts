import { type CreatePlanFromPlayRequest, playbookRoutes, type RenamePlayRequest, type SaveAsPlayRequest } from '@plansmith/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';
import { planKeys, playbookKeys } from '../../../shared/api/query-keys.ts';

/** Plays are plans (State 3): every change refreshes the playbook and the plan lists. */
const useRefresh = () => {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: playbookKeys.all }),
      queryClient.invalidateQueries({ queryKey: planKeys.lists() }),
    ]);
};

export const useCreatePlanFromPlay = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: CreatePlanFromPlayRequest) => callApi(playbookRoutes.createPlan, input),
    onSuccess: () => refresh(),
  });
};

export const useSaveAsPlay = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: SaveAsPlayRequest) => callApi(playbookRoutes.saveAsTemplate, input),
    onSuccess: () => refresh(),
  });
};

export const useRenamePlay = () => {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (input: RenamePlayRequest) => callApi(playbookRoutes.rename, input), onSuccess: () => refresh() });
};

export const useDeletePlay = () => {
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (playId: string) => callApi(playbookRoutes.delete, { MarketingPlanId: playId }),
    onSuccess: (_result, playId) => {
      queryClient.removeQueries({ queryKey: playbookKeys.preview(playId) });
      queryClient.removeQueries({ queryKey: planKeys.detail(playId) });
      return refresh();
    },
  });
};
