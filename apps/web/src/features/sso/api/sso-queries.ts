import { CLIENT_ID, type SsoSaveRequest, ssoRoutes } from '@plansmith/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';
import { startSession } from '../../../shared/api/session.ts';

export const ssoKeys = {
  all: ['sso'] as const,
  settings: () => [...ssoKeys.all, 'settings'] as const,
};

/** The account's single sign-on settings (an empty form, Version null, until saved). */
export const useSsoSettings = (enabled: boolean) =>
  useQuery({ queryKey: ssoKeys.settings(), queryFn: () => callApi(ssoRoutes.get), enabled });

export const useSaveSsoSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SsoSaveRequest) => callApi(ssoRoutes.save, body),
    onSuccess: (settings) => queryClient.setQueryData(ssoKeys.settings(), settings),
  });
};

/** Discovery against the issuer typed in the form (saved or not). */
export const useTestSsoConnection = () =>
  useMutation({ mutationFn: (issuerUrl: string) => callApi(ssoRoutes.test, issuerUrl ? { IssuerUrl: issuerUrl } : {}) });

/** Asks where the address's identity provider signs it in. */
export const useStartSso = () => useMutation({ mutationFn: (email: string) => callApi(ssoRoutes.start, { Email: email }) });

/** Trades the one-time handoff code for our usual session, and keeps it as the password sign-in does. */
export const useCompleteSso = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (handoff: string) => startSession(await callApi(ssoRoutes.complete, { Handoff: handoff, ClientId: CLIENT_ID })),
    // What was cached belongs to whoever was here before.
    onSuccess: () => queryClient.clear(),
  });
};
