import type Stripe from 'stripe';

/** What we keep of a provider subscription (item-level period, as in Stripe's current API). */
export const readProviderSubscription = (subscription: Stripe.Subscription) => {
  const item = subscription.items.data[0];
  return {
    status: subscription.status,
    itemId: item?.id ?? null,
    priceId: item?.price.id ?? null,
    currentPeriodEnd: item ? new Date(item.current_period_end * 1000) : null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    paymentMethodId:
      typeof subscription.default_payment_method === 'string'
        ? subscription.default_payment_method
        : (subscription.default_payment_method?.id ?? null),
  };
};

export const isLiveStatus = (status: string): boolean => status === 'active' || status === 'trialing' || status === 'past_due';
