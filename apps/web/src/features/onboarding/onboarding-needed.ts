import type { Permission, Tenant, UserProfile } from '@plansmith/contract';
import { hasPolicy } from '../../shared/api/identity.ts';

/**
 * What of the onboarding (SPEC.md §2/§4) the signed-in person still has ahead: the new-account setup
 * when the tenant has not completed it and they hold Account.Settings, and their own new-user tour.
 */
export const onboardingNeeded = (profile: UserProfile, tenant: Tenant, permissions: readonly Permission[]) => ({
  setup: tenant.MetaData.CompletedNewAccountSetup !== true && hasPolicy(permissions, 'Account.Settings'),
  tour: profile.MetaData.CompletedNewUserTour !== true,
});
