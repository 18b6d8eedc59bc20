import { expectationRoutes } from '@plansmith/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { arrangeFunnel } from '../../../test/funnel-fixture.ts';
import { type RealApi, startRealApi } from '../../../test/real-api.ts';
import { ShortfallAlert } from './shortfall-alert.tsx';

let api: RealApi;
beforeAll(async () => {
  api = await startRealApi();
});
afterEach(() => api.reset());
afterAll(() => api.close());

const renderWithProviders = (node: React.ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <App>{node}</App>
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('the forecast shortfall', () => {
  it('says how many deals fall after the plan ends and compresses the velocity on request', async () => {
    const { plan, token } = await arrangeFunnel(api);
    const grid = await api.call(expectationRoutes.get, { MarketingPlanId: plan.id }, token);
    if (!grid.Shortfall) throw new Error('expected a shortfall');
    renderWithProviders(<ShortfallAlert planId={plan.id} shortfall={grid.Shortfall} canEdit extendHref="/plans/x" />);
    expect(screen.getByText(/^10 of 40 deals \(Customer\) fall after the plan ends/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Compress the velocity' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Compress and generate' }));
    await screen.findByText('Velocity compressed; the forecast now fits the plan.', {}, { timeout: 10_000 });
    const after = await api.call(expectationRoutes.get, { MarketingPlanId: plan.id }, token);
    expect(after.Shortfall).toBeNull();
    expect(after.Rows.at(-1)?.Cells.reduce((sum, cell) => sum + (cell.Expected ?? 0), 0)).toBe(40);
  });
});
