import { getHref } from '@plansmith/contract';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { isGuestAccess, readSession } from '../shared/api/session.ts';

/**
 * Signed-in routes: without a session go to /login (unless guest access is set), remembering where to
 * return and passing on any notice for the sign-in page (a finished password reset).
 */
export const RequireSession = ({ children }: { children: ReactNode }) => {
  const location = useLocation();
  if (!readSession() && !isGuestAccess()) {
    const returnTo = `${location.pathname}${location.search}`;
    return <Navigate to={getHref('login', {}, returnTo === '/' ? {} : { returnTo })} replace state={location.state} />;
  }
  return <>{children}</>;
};

/** The signed-in routes' parent, loaded lazily so the sign-in page ships no session schema. */
export const SessionRoute = () => (
  <RequireSession>
    <Outlet />
  </RequireSession>
);
