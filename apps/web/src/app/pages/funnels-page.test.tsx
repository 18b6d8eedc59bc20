import { expectationRoutes, funnelRoutes } from '@plansmith/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ContextSelectionProvider } from '../../shared/context/context-selection.tsx';
import { arrangeFunnel } from '../../test/funnel-fixture.ts';
import { type RealApi, startRealApi } from '../../test/real-api.ts';
import { FunnelsPage } from './funnels-page.tsx';

let api: RealApi;
beforeAll(async () => {
  api = await startRealApi();
});
afterEach(() => api.reset());
afterAll(() => api.close());

const WAIT = { timeout: 10_000 };
const PANEL = 'Reverse math: from the revenue goal to the budget';

const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/funnels']}>
        <ContextSelectionProvider>
          <App>
            <FunnelsPage />
          </App>
        </ContextSelectionProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('the funnels page', () => {
  it('draws its panels only once the forecast grid has answered, so the shortfall alert above them never pushes them down', async () => {
    await arrangeFunnel(api);
    const release = api.holdRequestsTo(expectationRoutes.get.path);
    renderPage();
    // The funnel has answered; the grid has not: still loading, no panel drawn where the alert will go.
    await waitFor(() => expect(api.sent.some((request) => request.path === funnelRoutes.get.path)).toBe(true), WAIT);
    await screen.findByText('Loading the funnel…', {}, WAIT);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByText(PANEL)).toBeNull();

    release();
    const alert = await screen.findByText(/^10 of 40 deals \(Customer\) fall after the plan ends/, {}, WAIT);
    const panel = screen.getByText(PANEL);
    // The alert comes first in the page, above the panels, both drawn in the same pass.
    expect(alert.compareDocumentPosition(panel) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('still shows the funnel when the forecast grid cannot be loaded, without the alert', async () => {
    await arrangeFunnel(api);
    api.dropRequestsTo(expectationRoutes.get.path);
    renderPage();
    await screen.findByText(PANEL, {}, WAIT);
    expect(screen.queryByText(/fall after the plan ends/)).toBeNull();
  });
});
