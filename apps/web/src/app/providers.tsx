import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import type { ReactNode } from 'react';
import { ApiError } from '../shared/api/api-error.ts';
import { ContextSelectionProvider } from '../shared/context/context-selection.tsx';

export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        // 4xx answers will not change on their own; retry only what may be passing.
        retry: (failureCount, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2,
        refetchOnWindowFocus: false,
      },
    },
  });

/** antd's default blue is 4.1:1 on white; #0958d9 passes WCAG AA (STACK.md pitfalls). */
const THEME = { token: { colorPrimary: '#0958d9', colorLink: '#0958d9', borderRadius: 6, fontSize: 14 } };

export const Providers = ({ client, children }: { client: QueryClient; children: ReactNode }) => (
  <ConfigProvider theme={THEME} locale={enUS}>
    <AntdApp>
      <QueryClientProvider client={client}>
        <ContextSelectionProvider>{children}</ContextSelectionProvider>
      </QueryClientProvider>
    </AntdApp>
  </ConfigProvider>
);
