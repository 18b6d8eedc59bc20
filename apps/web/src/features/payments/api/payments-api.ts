import { CLIENT_ID, type PaymentSetupRequest, paymentRoutes, productRoutes } from '@plansmith/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';
import { startSession } from '../../../shared/api/session.ts';

export const productKeys = { all: ['products'] as const };
export const paymentKeys = { init: (applicationId: string) => ['payments', 'init', applicationId] as const };

export const useProducts = () =>
  useQuery({ queryKey: productKeys.all, queryFn: () => callApi(productRoutes.list, { ClientId: CLIENT_ID }) });

export const usePaymentInit = (applicationId: string) =>
  useQuery({
    queryKey: paymentKeys.init(applicationId),
    queryFn: () => callApi(paymentRoutes.initializePaymentSetup, { ApplicationId: applicationId }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const usePaymentSetup = () =>
  useMutation({ mutationFn: (request: PaymentSetupRequest) => callApi(paymentRoutes.getPaymentSetup, request) });

/** Completes the order; the answer's session signs the new Owner in (no second password entry). */
export const useFinalizePayment = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { applicationId: string; setupIntentId: string; clientSecret: string }) =>
      callApi(paymentRoutes.finalizePayment, {
        ApplicationId: input.applicationId,
        Info: { SetupIntent: { Id: input.setupIntentId, ClientSecret: input.clientSecret } },
      }),
    onSuccess: (result) => {
      if (!result.Session) return;
      queryClient.clear();
      startSession(result.Session);
    },
  });
};
