import { pivotRoutes, type SavedReportDeleteRequest, type SavedReportSaveRequest } from '@plansmith/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';
import { savedReportKeys } from '../../../shared/api/query-keys.ts';

export const useSaveReport = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: SavedReportSaveRequest) => callApi(pivotRoutes.saveSavedReport, request),
    onSettled: () => client.invalidateQueries({ queryKey: savedReportKeys.all }),
  });
};

export const useDeleteReport = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: SavedReportDeleteRequest) => callApi(pivotRoutes.deleteSavedReport, request),
    onSettled: () => client.invalidateQueries({ queryKey: savedReportKeys.all }),
  });
};
