import { type AuditExportRequest, type AuditListRequest, auditRoutes } from '@plansmith/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';
import { downloadBlob } from '../../../shared/export/spreadsheet.ts';

export const auditKeys = {
  all: ['audit'] as const,
  list: (request: AuditListRequest) => [...auditKeys.all, 'list', request] as const,
  settings: () => [...auditKeys.all, 'settings'] as const,
};

/** One page of the audit log; the previous page stays on screen while the next loads. */
export const useAuditLog = (request: AuditListRequest, enabled: boolean) =>
  useQuery({
    queryKey: auditKeys.list(request),
    queryFn: () => callApi(auditRoutes.list, request),
    placeholderData: keepPreviousData,
    enabled,
  });

export const useAuditSettings = (enabled: boolean) =>
  useQuery({ queryKey: auditKeys.settings(), queryFn: () => callApi(auditRoutes.getSettings), enabled });

export const useSaveAuditSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (retentionDays: number) => callApi(auditRoutes.saveSettings, { RetentionDays: retentionDays }),
    onSuccess: (settings) => queryClient.setQueryData(auditKeys.settings(), settings),
  });
};

/** Downloads the server's CSV of every matching entry (the same rows as the list, all pages). */
export const useExportAudit = () =>
  useMutation({
    mutationFn: async (filters: AuditExportRequest) => {
      const csv = await callApi(auditRoutes.export, filters);
      const day = new Date().toISOString().slice(0, 10);
      downloadBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), `audit-log-${day}.csv`);
    },
  });
