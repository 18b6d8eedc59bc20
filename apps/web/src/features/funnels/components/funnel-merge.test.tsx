import { funnelRoutes } from '@plansmith/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { and, eq } from 'drizzle-orm';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { funnelModels, funnelStageSettings } from '../../../../../server/src/schema/funnels.ts';
import { arrangeFunnel } from '../../../test/funnel-fixture.ts';
import { findMergeDialog, mergeRow, SLOW, TEST_TIMEOUT } from '../../../test/merge-dialog.ts';
import { type RealApi, startRealApi } from '../../../test/real-api.ts';
import { useFunnel } from '../api/funnel-queries.ts';
import { ReverseMathPanel } from './reverse-math-panel.tsx';
import { StageTable } from './stage-table.tsx';

let api: RealApi;
beforeAll(async () => {
  api = await startRealApi();
});
afterEach(() => api.reset());
afterAll(() => api.close());

/** The funnel page's two forms on the real funnel query. */
const FunnelForms = ({ planId }: { planId: string }) => {
  const funnel = useFunnel(planId);
  return funnel.data ? (
    <>
      <ReverseMathPanel funnel={funnel.data} canEdit />
      <StageTable funnel={funnel.data} canEdit />
    </>
  ) : null;
};

/** The funnel open on screen; `colleague` saves through the API from the funnel as the screen read it. */
const openFunnel = async () => {
  const { plan, visitor, token } = await arrangeFunnel(api);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <App>
          <FunnelForms planId={plan.id} />
        </App>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  await screen.findByLabelText('Revenue goal', {}, SLOW);
  const read = await api.call(funnelRoutes.get, { MarketingPlanId: plan.id }, token);
  const visitorRead = read.Stages.find((stage) => stage.FunnelStageId === visitor?.id);
  const colleague = (change: { RevenueGoal?: number; AverageDealSize?: number; VisitorRate?: number }) =>
    api.call(
      funnelRoutes.save,
      {
        MarketingPlanId: plan.id,
        RevenueGoal: change.RevenueGoal ?? read.RevenueGoal ?? 0,
        AverageDealSize: change.AverageDealSize ?? read.AverageDealSize ?? 1,
        CostPerLead: read.CostPerLead,
        CostStageId: read.CostStageId,
        Stages:
          change.VisitorRate === undefined
            ? []
            : [
                {
                  FunnelStageId: visitor?.id ?? '',
                  ConversionRate: change.VisitorRate,
                  VelocityDays: visitorRead?.VelocityDays ?? 0,
                  Version: visitorRead?.Version,
                },
              ],
        Version: read.Version,
      },
      token,
    );
  const stored = async () => ({
    goalCents: (await api.server.ctx.db.select().from(funnelModels).where(eq(funnelModels.marketingPlanId, plan.id)))[0]?.revenueGoalCents,
    dealSizeCents: (await api.server.ctx.db.select().from(funnelModels).where(eq(funnelModels.marketingPlanId, plan.id)))[0]
      ?.averageDealSizeCents,
    visitorRate: (
      await api.server.ctx.db
        .select()
        .from(funnelStageSettings)
        .where(and(eq(funnelStageSettings.marketingPlanId, plan.id), eq(funnelStageSettings.funnelStageId, visitor?.id ?? '')))
    )[0]?.conversionRate,
  });
  return { colleague, stored };
};

const typeGoalAndSave = (value: string) => {
  fireEvent.change(screen.getByLabelText('Revenue goal'), { target: { value } });
  fireEvent.click(screen.getByRole('button', { name: 'Save goal' }));
};

const typeVisitorRate = async (text: string) => {
  const cell = await screen.findByRole('button', { name: /^Conversion rate of Visitor: / }, SLOW);
  cell.focus();
  fireEvent.click(cell);
  const input = screen.getByRole('textbox', { name: 'Conversion rate of Visitor' });
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter' });
};

describe('the funnel goal saved after a colleague changed it', () => {
  it(
    'shows their goal beside mine; “Save mine over theirs” saves mine from their version',
    async () => {
      const { colleague, stored } = await openFunnel();
      await colleague({ RevenueGoal: 999_000 });
      typeGoalAndSave('1200000');
      const dialog = await findMergeDialog();
      expect(mergeRow(dialog, 'Revenue goal')).toEqual({ theirs: '$999,000.00', mine: '$1,200,000.00' });
      expect(await stored()).toMatchObject({ goalCents: 99_900_000 });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save mine over theirs' }));
      await screen.findByText('Funnel goal saved.', {}, SLOW);
      expect(await stored()).toMatchObject({ goalCents: 120_000_000 });
    },
    TEST_TIMEOUT,
  );

  it(
    'on “Save mine over theirs” keeps the deal size only they changed with the goal only I changed',
    async () => {
      const { colleague, stored } = await openFunnel();
      await colleague({ AverageDealSize: 40_000 });
      typeGoalAndSave('1200000');
      const dialog = await findMergeDialog();
      // Only my goal differs from theirs; the deal size only they changed is no conflict.
      expect(mergeRow(dialog, 'Revenue goal')).toEqual({ theirs: '$1,000,000.00', mine: '$1,200,000.00' });
      expect(within(dialog).queryByText('Average deal size', { selector: 'td' })).toBeNull();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save mine over theirs' }));
      await screen.findByText('Funnel goal saved.', {}, SLOW);
      expect(await stored()).toMatchObject({ goalCents: 120_000_000, dealSizeCents: 4_000_000 });
    },
    TEST_TIMEOUT,
  );

  it(
    'on “Keep theirs” writes nothing and shows their goal in the field',
    async () => {
      const { colleague, stored } = await openFunnel();
      await colleague({ RevenueGoal: 999_000 });
      typeGoalAndSave('1200000');
      const dialog = await findMergeDialog();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Keep theirs' }));
      await screen.findByText('Kept their funnel goal.', {}, SLOW);
      await waitFor(() => expect((screen.getByLabelText('Revenue goal') as HTMLInputElement).value).toMatch(/^999,000/));
      expect(await stored()).toMatchObject({ goalCents: 99_900_000 });
    },
    TEST_TIMEOUT,
  );
});

describe('a stage’s conversion rate saved after a colleague changed it', () => {
  it(
    'shows their rate beside mine; “Save mine over theirs” saves mine from their version',
    async () => {
      const { colleague, stored } = await openFunnel();
      await colleague({ VisitorRate: 0.06 });
      await typeVisitorRate('7%');
      const dialog = await findMergeDialog();
      const row = mergeRow(dialog, 'Visitor conversion');
      expect([row.theirs, row.mine]).toEqual([expect.stringMatching(/^6(\.0)?%$/), expect.stringMatching(/^7(\.0)?%$/)]);
      expect(await stored()).toMatchObject({ visitorRate: 0.06 });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save mine over theirs' }));
      await waitFor(async () => expect(await stored()).toMatchObject({ visitorRate: 0.07 }), SLOW);
    },
    TEST_TIMEOUT,
  );

  it(
    'on “Keep theirs” writes nothing and the table shows their rate',
    async () => {
      const { colleague, stored } = await openFunnel();
      await colleague({ VisitorRate: 0.06 });
      await typeVisitorRate('7%');
      const dialog = await findMergeDialog();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Keep theirs' }));
      await screen.findByText('Kept their funnel settings.', {}, SLOW);
      expect(await screen.findByRole('button', { name: /^Conversion rate of Visitor: 6(\.0)?%/ }, SLOW)).toBeTruthy();
      expect(await stored()).toMatchObject({ visitorRate: 0.06 });
    },
    TEST_TIMEOUT,
  );
});
