import { getHref, PRODUCT_POLICIES, PRODUCT_POLICY_PLANS, type PathName, type ProductPolicy, policyOf } from '@plansmith/contract';
import { lazy, type ReactNode, Suspense } from 'react';
import { Navigate } from 'react-router';
import { hasPolicy, usePermissions, useProfile } from '../shared/api/identity.ts';
import { ErrorState, LoadingState } from '../shared/ui/query-state.tsx';

// Drawn only for a closed area: kept out of every guarded page's first load.
const ClosedArea = lazy(async () => ({ default: (await import('./closed-area.tsx')).ClosedArea }));

const isProductPolicy = (policy: string): policy is ProductPolicy => (PRODUCT_POLICIES as readonly string[]).includes(policy);

/**
 * SPEC.md §4 route guards with deny-by-default (DESIGN.md §7.6): a route with a policy opens only
 * when the user's permission entry exists and grants it; account routes also need an active user.
 * Loaded with the page (not in the first download): it needs antd for its loading and error states.
 */
export const RequirePolicy = ({ name, children }: { name: PathName; children: ReactNode }) => {
  const policy = policyOf(name);
  const permissions = usePermissions();
  const profile = useProfile();
  if (!policy) return <>{children}</>;
  if (permissions.isPending || profile.isPending) return <LoadingState label="Checking access…" />;
  if (permissions.isError) return <ErrorState error={permissions.error} onRetry={() => void permissions.refetch()} />;
  const isActive = profile.data?.Active ?? true;
  if (!isActive) return <Navigate to={getHref('accessDenied')} replace />;
  if (!hasPolicy(permissions.data, policy)) {
    // An area the plan does not include says which plan does, and how to get it (issue 28 C1).
    if (isProductPolicy(policy)) {
      return (
        <Suspense fallback={<LoadingState />}>
          <ClosedArea name={name} plans={PRODUCT_POLICY_PLANS[policy]} />
        </Suspense>
      );
    }
    return <Navigate to={getHref('accessDenied')} replace />;
  }
  return <>{children}</>;
};
