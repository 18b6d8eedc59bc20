import { getHref, type PathName, policyOf } from '@plansmith/contract';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { hasPolicy, usePermissions, useProfile } from '../shared/api/identity.ts';
import { isGuestAccess, readSession } from '../shared/api/session.ts';
import { ErrorState, LoadingState } from '../shared/ui/query-state.tsx';

/** Signed-in routes: without a session go to /login (unless guest access is set), remembering where to return. */
export const RequireSession = ({ children }: { children: ReactNode }) => {
  const location = useLocation();
  if (!readSession() && !isGuestAccess()) {
    const returnTo = `${location.pathname}${location.search}`;
    return <Navigate to={getHref('login', {}, returnTo === '/' ? {} : { returnTo })} replace />;
  }
  return <>{children}</>;
};

/**
 * SPEC.md §4 route guards with deny-by-default (DESIGN.md §7.6): a route with a policy opens only
 * when the user's permission entry exists and grants it; account routes also need an active user.
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
