import { type BillingCycle, billingRoutes, type StartCardSetupRequest } from '@plansmith/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';

export const billingKeys = {
  all: ['billing'] as const,
  subscription: () => ['billing', 'subscription'] as const,
  invoices: () => ['billing', 'invoices'] as const,
  invoice: (id: string) => ['billing', 'invoices', id] as const,
};

/** What changing to `choice` charges today and which areas close; asked when a different plan is chosen. */
export const usePreviewChange = (choice: { productId: string; cycle: BillingCycle } | null) =>
  useQuery({
    queryKey: ['billing', 'preview', choice?.productId, choice?.cycle] as const,
    queryFn: () => callApi(billingRoutes.previewChange, { ProductId: choice?.productId ?? '', BillingCycle: choice?.cycle ?? 'month' }),
    enabled: choice !== null,
  });

export const useInvoices = () => useQuery({ queryKey: billingKeys.invoices(), queryFn: () => callApi(billingRoutes.getInvoices, {}) });

/** One invoice with its lines, for the printable invoice page. */
export const useInvoice = (id: string) =>
  useQuery({ queryKey: billingKeys.invoice(id), queryFn: () => callApi(billingRoutes.getInvoice, { Id: id }) });

/** Starts a SetupIntent for an upgrade from Starter or for a new card; the card form confirms it. */
export const useStartCardSetup = () =>
  useMutation({ mutationFn: (request: StartCardSetupRequest) => callApi(billingRoutes.startCardSetup, request) });

export const useSubscription = () =>
  useQuery({ queryKey: billingKeys.subscription(), queryFn: () => callApi(billingRoutes.getSubscription, {}) });

/** A plan change also changes the permissions (product policies): those are refetched too. */
const useInvalidateAfterChange = () => {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: billingKeys.all });
    await queryClient.invalidateQueries();
  };
};

export const useChangeSubscription = () => {
  const invalidate = useInvalidateAfterChange();
  return useMutation({
    mutationFn: (input: { productId: string; cycle: BillingCycle }) =>
      callApi(billingRoutes.changeSubscription, { ProductId: input.productId, BillingCycle: input.cycle }),
    onSuccess: invalidate,
  });
};

export const useCancelSubscription = () => {
  const invalidate = useInvalidateAfterChange();
  return useMutation({
    mutationFn: (cancelAtPeriodEnd: boolean) => callApi(billingRoutes.cancelSubscription, { CancelAtPeriodEnd: cancelAtPeriodEnd }),
    onSuccess: invalidate,
  });
};

/** After the card form: the paid plan starts (permissions change at once) or the new card is on file. */
export const useCompleteCardSetup = () => {
  const invalidate = useInvalidateAfterChange();
  return useMutation({
    mutationFn: (input: { setupIntentId: string; clientSecret: string }) =>
      callApi(billingRoutes.completeCardSetup, { SetupIntentId: input.setupIntentId, ClientSecret: input.clientSecret }),
    onSuccess: invalidate,
  });
};
