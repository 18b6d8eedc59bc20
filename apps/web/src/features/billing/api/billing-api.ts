import { type BillingCycle, billingRoutes } from '@plansmith/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';

export const billingKeys = { all: ['billing'] as const, subscription: () => ['billing', 'subscription'] as const };

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
