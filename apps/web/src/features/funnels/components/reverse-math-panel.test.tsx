import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { funnelRoutes } from '@plansmith/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { arrangeFunnel } from '../../../test/funnel-fixture.ts';
import { type RealApi, startRealApi } from '../../../test/real-api.ts';
import { useFunnel } from '../api/funnel-queries.ts';
import { ReverseMathPanel } from './reverse-math-panel.tsx';

let api: RealApi;
beforeAll(async () => {
  api = await startRealApi();
});
afterEach(() => api.reset());
afterAll(() => api.close());

const Panel = ({ planId }: { planId: string }) => {
  const funnel = useFunnel(planId);
  return funnel.data ? <ReverseMathPanel funnel={funnel.data} canEdit /> : null;
};

const renderWithProviders = (node: React.ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <App>{node}</App>
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('the funnel’s cost field', () => {
  it('is labelled with the stage it is for (Lead by default), and choosing Visitor relabels it and saves CostStageId', async () => {
    const { plan, visitor } = await arrangeFunnel(api);
    renderWithProviders(<Panel planId={plan.id} />);
    expect(await screen.findByLabelText('Cost per Lead')).toBeTruthy();
    // 400 leads × $20.
    expect(screen.getByText('it needs $8,000.00', { exact: false })).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Stage the cost is for' }));
    fireEvent.click(await screen.findByTitle('Visitor'));
    expect(await screen.findByLabelText('Cost per Visitor')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save goal' }));
    // 8,000 visitors × $20.
    await waitFor(() => expect(screen.getByText('it needs $160,000.00', { exact: false })).toBeTruthy(), { timeout: 10_000 });
    const saved = api.sent.find((request) => request.path === '/api/FunnelClient/Save');
    expect(saved?.body).toMatchObject({ CostPerLead: 20, CostStageId: visitor?.id });
  });
});

describe('the funnel goal while a colleague changes it (DESIGN.md §13)', () => {
  it('keeps the goal I am typing when their change is refetched, and saving it answers with the merge dialog, not over theirs', async () => {
    const { plan, token } = await arrangeFunnel(api);
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <App>
            <Panel planId={plan.id} />
          </App>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const goal = (await screen.findByLabelText('Revenue goal')) as HTMLInputElement;
    fireEvent.change(goal, { target: { value: '123456' } });

    // A colleague saves another goal; live changes refetch the funnel under the open form.
    const read = await api.call(funnelRoutes.get, { MarketingPlanId: plan.id }, token);
    await api.call(
      funnelRoutes.save,
      {
        MarketingPlanId: plan.id,
        RevenueGoal: 999_000,
        AverageDealSize: read.AverageDealSize ?? 1,
        CostPerLead: read.CostPerLead,
        CostStageId: read.CostStageId,
        Stages: [],
        Version: read.Version,
      },
      token,
    );
    await queryClient.invalidateQueries();
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect((screen.getByLabelText('Revenue goal') as HTMLInputElement).value).toMatch(/123,?456/);

    fireEvent.click(screen.getByRole('button', { name: 'Save goal' }));
    expect(
      await screen.findByRole('dialog', { name: 'Someone else changed this while you were editing' }, { timeout: 10_000 }),
    ).toBeTruthy();
  });
});
