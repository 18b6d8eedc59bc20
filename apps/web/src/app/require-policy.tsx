import { getHref, type PathName, policyOf } from '@plansmith/contract';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { hasPolicy, usePermissions, useProfile } from '../shared/api/identity.ts';
import { ErrorState, LoadingState } from '../shared/ui/query-state.tsx';

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
  if (!hasPolicy(permissions.data, policy) || !isActive) return <Navigate to={getHref('accessDenied')} replace />;
  return <>{children}</>;
};
