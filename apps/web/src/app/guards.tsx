import { getHref } from '@plansmith/contract';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { readSession } from '../shared/api/session.ts';

/**
 * Signed-in routes: without a session go to /login, remembering where to
 * return and passing on any notice for the sign-in page (a finished password reset).
 */
export const RequireSession = ({ children }: { children: ReactNode }) => {
  const location = useLocation();
  // Guest access (a share link opened in this tab) never opens the signed-in pages (DESIGN.md §12).
  if (!readSession()) {
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
