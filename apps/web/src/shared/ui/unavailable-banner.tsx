import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { getAvailability, reportAvailable, subscribeAvailability, UNAVAILABLE_BANNER_TEXT } from '../api/availability.ts';

// Plain markup, no antd: it is on every page, including the light anonymous ones.
const STYLE = {
  position: 'sticky',
  top: 0,
  zIndex: 1100,
  padding: '8px 16px',
  textAlign: 'center',
  background: '#fffbe6',
  borderBottom: '1px solid #ffe58f',
  color: 'rgba(0, 0, 0, 0.88)',
  fontSize: 14,
} as const;

/** Asks /readyz whether the server can reach its database again; marks it available when it can. */
const checkReady = async (): Promise<boolean> => {
  try {
    const response = await fetch('/readyz', { headers: { Accept: 'application/json' }, cache: 'no-store' });
    if (!response.ok) return false;
    reportAvailable();
    return true;
  } catch {
    return false;
  }
};

/**
 * While the server answers 503 (it cannot reach its database), says so at the top of every page
 * and asks /readyz every Retry-After seconds; when the server is back it clears and reloads what
 * failed meanwhile.
 */
export const UnavailableBanner = () => {
  const availability = useSyncExternalStore(subscribeAvailability, getAvailability, getAvailability);
  const queryClient = useQueryClient();
  const wasUnavailable = useRef(false);
  const retryAfterSeconds = availability.available ? null : availability.retryAfterSeconds;

  useEffect(() => {
    if (retryAfterSeconds === null) {
      if (wasUnavailable.current) {
        wasUnavailable.current = false;
        void queryClient.refetchQueries({ type: 'active', predicate: (query) => query.state.status === 'error' });
      }
      return;
    }
    wasUnavailable.current = true;
    const timer = setInterval(() => void checkReady(), retryAfterSeconds * 1000);
    return () => clearInterval(timer);
  }, [retryAfterSeconds, queryClient]);

  if (availability.available) return null;
  return (
    <div role="status" aria-live="polite" style={STYLE}>
      {UNAVAILABLE_BANNER_TEXT}
    </div>
  );
};
