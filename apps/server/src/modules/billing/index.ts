// The billing module as other modules and the app see it; everything else in this folder is private.
export { registerBillingRoutes } from './billing.routes.ts';
export { isLiveStatus, readProviderSubscription } from './provider-subscription.ts';
export {
  findByProviderId,
  findByRegistration,
  findCurrentSubscription,
  insertSubscription,
  setTenantPlan,
  updateSubscription,
} from './subscriptions.service.ts';
