import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { checkReady, useAvailability } from '../api/availability.ts';

export const UNAVAILABLE_BANNER_TEXT = 'Plansmith is briefly unavailable — retrying…';

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

/**
 * While the server answers 503 (it cannot reach its database), says so at the top of every page
 * and asks /readyz every Retry-After seconds; when the server is back it clears and reloads what
 * failed meanwhile.
 */
export const UnavailableBanner = () => {
  const availability = useAvailability();
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
