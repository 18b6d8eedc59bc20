import { type ExpectationGrid, expectationRoutes, funnelRoutes } from '@plansmith/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../shared/api/api-error.ts';
import { callApi } from '../../../shared/api/client.ts';
import { expectationKeys, funnelKeys, performanceKeys } from '../../../shared/api/query-keys.ts';

/** A cell's edit with the Version the grid read it at (null for a cell never saved, DESIGN.md §13). */
export type CellEdit = { planId: string; stageId: string; month: string; value: number | null; version: number | null };

/** A stale cell's 409 (DESIGN.md §13): the cell as it is now (the first of the 409's Result); null for any other failure. */
export const staleCellOf = (error: unknown) => {
  if (!(error instanceof ApiError) || error.status !== 409 || !Array.isArray(error.current)) return null;
  const [cell] = error.current as Array<{ Expected: number | null; Actual: number | null; Version: number | null }>;
  return cell ? { message: error.message, cell } : null;
};

/** "Keep theirs": the grid and the funnel are read again, showing the colleague's values. */
export const useRefreshGrid = () => {
  const queryClient = useQueryClient();
  return (planId: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: expectationKeys.grid(planId) }),
      queryClient.invalidateQueries({ queryKey: funnelKeys.detail(planId) }),
    ]);
};

const useGridUpdate = () => {
  const queryClient = useQueryClient();
  return (grid: ExpectationGrid) => {
    queryClient.setQueryData(expectationKeys.grid(grid.MarketingPlanId), grid);
    // The funnel's and the performance page's expected and actual figures follow the grid.
    void queryClient.invalidateQueries({ queryKey: funnelKeys.detail(grid.MarketingPlanId) });
    void queryClient.invalidateQueries({ queryKey: performanceKeys.plan(grid.MarketingPlanId) });
  };
};

export const useSaveExpected = () => {
  const update = useGridUpdate();
  return useMutation({
    mutationFn: (edit: CellEdit) =>
      callApi(expectationRoutes.save, {
        MarketingPlanId: edit.planId,
        Cells: [{ FunnelStageId: edit.stageId, Month: edit.month, Expected: edit.value, Version: edit.version }],
      }),
    onSuccess: update,
  });
};

/** Actuals are the funnel's (FunnelClient/SaveActuals); the grid is read again after. */
export const useSaveActual = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (edit: CellEdit) =>
      callApi(funnelRoutes.saveActuals, {
        MarketingPlanId: edit.planId,
        Cells: [{ FunnelStageId: edit.stageId, Month: edit.month, Count: edit.value, Version: edit.version }],
      }),
    onSuccess: async (funnel, edit) => {
      queryClient.setQueryData(funnelKeys.detail(edit.planId), funnel);
      void queryClient.invalidateQueries({ queryKey: performanceKeys.plan(edit.planId) });
      await queryClient.invalidateQueries({ queryKey: expectationKeys.grid(edit.planId) });
    },
  });
};

/** Generate from the funnel; `compressVelocity` first shortens the stages' velocity so every needed deal lands in the plan. */
export const useGenerateExpectations = () => {
  const update = useGridUpdate();
  return useMutation({
    mutationFn: ({ planId, compressVelocity }: { planId: string; compressVelocity?: boolean }) =>
      callApi(expectationRoutes.generate, { MarketingPlanId: planId, ...(compressVelocity ? { CompressVelocity: true } : {}) }),
    onSuccess: update,
  });
};
