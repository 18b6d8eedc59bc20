import { expectationRoutes, funnelRoutes } from '@plansmith/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTenant } from '../../../../../server/test/factories.ts';
import { createStages } from '../../../../../server/test/funnel-factories.ts';
import { createPlan } from '../../../../../server/test/planning-factories.ts';
import { type RealApi, startRealApi } from '../../../test/real-api.ts';
import { ShortfallAlert } from '../../expectations/components/shortfall-alert.tsx';
import { useFunnel } from '../api/funnel-queries.ts';
import { ReverseMathPanel } from './reverse-math-panel.tsx';

let api: RealApi;
beforeAll(async () => {
  api = await startRealApi();
});
afterEach(() => api.reset());
afterAll(() => api.close());

/** A 2026 plan with Visitor → Lead → Customer (5 %, 10 %, 90 days from Lead), $1,000,000 ÷ $25,000 = 40 deals ← 400 leads ← 8,000 visitors. */
const arrange = async () => {
  const tenant = await createTenant(api.server);
  const plan = await createPlan(api.server, tenant, { startDate: '2026-01-01', endDate: '2026-12-31' });
  const [visitor, lead] = await createStages(api.server, tenant, ['Visitor', 'Lead', 'Customer']);
  const session = await api.signIn(tenant.users.owner.email);
  await api.call(
    funnelRoutes.save,
    {
      MarketingPlanId: plan.id,
      RevenueGoal: 1_000_000,
      AverageDealSize: 25_000,
      CostPerLead: 20,
      Stages: [
        { FunnelStageId: visitor?.id ?? '', ConversionRate: 0.05, VelocityDays: 0 },
        { FunnelStageId: lead?.id ?? '', ConversionRate: 0.1, VelocityDays: 90 },
      ],
    },
    session.AccessToken,
  );
  return { plan, visitor, token: session.AccessToken };
};

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
    const { plan, visitor } = await arrange();
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

describe('the forecast shortfall', () => {
  it('says how many deals fall after the plan ends and compresses the velocity on request', async () => {
    const { plan, token } = await arrange();
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
