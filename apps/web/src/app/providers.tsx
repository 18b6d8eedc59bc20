import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import type { ReactNode } from 'react';
import { ApiError } from '../shared/api/api-error.ts';
import { ContextSelectionProvider } from '../shared/context/context-selection.tsx';
import { UnavailableBanner } from '../shared/ui/unavailable-banner.tsx';
import './contrast.css';

const OUTAGE_RETRIES = 3;

export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        // 4xx answers will not change on their own; retry only what may be passing. An outage (503)
        // is retried when the server says to (Retry-After); the banner keeps watching after that.
        retry: (failureCount, error) => {
          if (error instanceof ApiError && error.status === 503) return failureCount < OUTAGE_RETRIES;
          return !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2;
        },
        retryDelay: (failureCount, error) =>
          error instanceof ApiError && error.retryAfterSeconds !== undefined
            ? error.retryAfterSeconds * 1000
            : Math.min(1000 * 2 ** failureCount, 30_000),
        refetchOnWindowFocus: false,
      },
    },
  });

/**
 * Colours that pass WCAG AA (4.5:1) for text on white and on the light page backgrounds; antd's
 * defaults do not: primary #1677ff is 4.1:1, secondary text rgba(0,0,0,.45) 3.4:1, placeholders 1.8:1,
 * error #ff4d4f 3.3:1. Tag text colours are in contrast.css.
 */
export const THEME = {
  token: {
    colorPrimary: '#0958d9',
    colorLink: '#0958d9',
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.58)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorError: '#cf1322',
    borderRadius: 6,
    fontSize: 14,
  },
};

export const Providers = ({ client, children }: { client: QueryClient; children: ReactNode }) => (
  // antd's App (message, notification and modal hooks) is in the signed-in shell and the few
  // anonymous pages that use it, not here: it would add ~15 KB to every page's first download.
  <ConfigProvider theme={THEME} locale={enUS}>
    <QueryClientProvider client={client}>
      <UnavailableBanner />
      <ContextSelectionProvider>{children}</ContextSelectionProvider>
    </QueryClientProvider>
  </ConfigProvider>
);
