// Built for Node by build/prerender.ts, never loaded by the browser: draws what the app's HTML shows
// before any JavaScript runs, with the same components the app draws it with.
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import EyeOutlined from '@ant-design/icons/es/icons/EyeOutlined';
import { Alert, ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { AntdStyleCatalogue } from './antd-style-catalogue.tsx';
import { DRAWN_PARTS_ID } from './drawn-login-form.ts';
import { AnonymousLayout } from './layouts/anonymous-layout.tsx';
import { LoginPage } from './pages/login-page.tsx';
import { THEME } from './providers.tsx';
import { RouteFallback } from './route-fallback.tsx';

/** What every page but /login shows first: the router's fallback while the route's code loads. */
export const renderRouteFallback = (): string => renderToString(<RouteFallback />);

/**
 * Draws `node` as the app draws it (antd's theme and locale) and collects the CSS antd makes for it
 * (plain text; `types` picks which of antd's styles, all of them by default).
 */
const drawWithAntd = (node: ReactNode, types?: ('style' | 'token' | 'cssVar')[]): { html: string; css: string } => {
  const cache = createCache();
  const html = renderToString(
    <StyleProvider cache={cache}>
      <ConfigProvider theme={THEME} locale={enUS}>
        {node}
      </ConfigProvider>
    </StyleProvider>,
  );
  return { html, css: extractStyle(cache, { plain: true, types }) };
};

/** The page's markup (what goes inside #root) and the antd CSS it needs (plain text for a <style>). */
export const renderLoginPage = (): { html: string; css: string } =>
  drawWithAntd(
    <>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={['/login']}>
          <Routes>
            <Route element={<AnonymousLayout />}>
              <Route path="/login" element={<LoginPage />} />
            </Route>
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
      {/* What the page's own script shows later (app/drawn-login-form.ts), drawn by antd with its CSS. */}
      <template id={DRAWN_PARTS_ID}>
        <Alert type="error" showIcon message={<span data-message="" />} style={{ marginBottom: 16 }} role="alert" />
        <EyeOutlined />
      </template>
    </>,
  );

/**
 * The CSS antd makes in the browser for the components the app draws (antd-style-catalogue.tsx),
 * made here instead, with the map antd reads to skip making it there (extractStyle's cache path).
 * Only the components' own styles: the theme's CSS variables are still set in the browser.
 */
export const renderAntdStyles = (): string => drawWithAntd(<AntdStyleCatalogue />, ['style']).css;
