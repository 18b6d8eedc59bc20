import { expectationRoutes, funnelRoutes } from '@plansmith/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { App } from 'antd';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { arrangeFunnel } from '../../../test/funnel-fixture.ts';
import { findMergeDialog, mergeRow, SLOW, TEST_TIMEOUT } from '../../../test/merge-dialog.ts';
import { type RealApi, startRealApi } from '../../../test/real-api.ts';
import { useExpectationGrid } from '../api/expectation-queries.ts';
import { ExpectationGrid } from './expectation-grid.tsx';

let api: RealApi;
beforeAll(async () => {
  api = await startRealApi();
});
afterEach(() => api.reset());
afterAll(() => api.close());

const Grid = ({ planId }: { planId: string }) => {
  const grid = useExpectationGrid(planId);
  return grid.data ? <ExpectationGrid grid={grid.data} canEdit /> : null;
};

/**
 * The forecast grid open on screen (every cell empty); then March's Visitor count is saved through the
 * API by the same owner in another window (the fixture's one session), from the same empty cell.
 */
const openThenColleagueSavesMarch = async (kind: 'Expected' | 'Actual') => {
  const { plan, visitor, token } = await arrangeFunnel(api);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <App>
        <Grid planId={plan.id} />
      </App>
    </QueryClientProvider>,
  );
  const label = `${kind} Visitor, Mar 2026`;
  const cell = await screen.findByRole('button', { name: new RegExp(`^${label}`) }, SLOW);
  const stageId = visitor?.id ?? '';
  if (kind === 'Expected')
    await api.call(
      expectationRoutes.save,
      { MarketingPlanId: plan.id, Cells: [{ FunnelStageId: stageId, Month: '2026-03', Expected: 900, Version: null }] },
      token,
    );
  else
    await api.call(
      funnelRoutes.saveActuals,
      { MarketingPlanId: plan.id, Cells: [{ FunnelStageId: stageId, Month: '2026-03', Count: 900, Version: null }] },
      token,
    );
  const march = async () => {
    const grid = await api.call(expectationRoutes.get, { MarketingPlanId: plan.id }, token);
    const row = grid.Rows.find((entry) => entry.FunnelStageId === stageId);
    return row?.Cells.find((entry) => entry.Month === '2026-03');
  };
  return { cell, label, march };
};

const type = (cell: HTMLElement, label: string, text: string) => {
  cell.focus();
  fireEvent.click(cell);
  const input = screen.getByRole('textbox', { name: label });
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter' });
};

describe.each(['Expected', 'Actual'] as const)('a forecast grid %s cell saved after it was saved elsewhere meanwhile', (kind) => {
  it(
    'shows their count beside mine; “Save mine over theirs” saves mine from their version',
    async () => {
      const { cell, label, march } = await openThenColleagueSavesMarch(kind);
      type(cell, label, '1200');
      const dialog = await findMergeDialog();
      expect(mergeRow(dialog, label)).toEqual({ theirs: '900', mine: '1,200' });
      expect(await march()).toMatchObject({ [kind]: 900 });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save mine over theirs' }));
      expect(await screen.findByRole('button', { name: new RegExp(`^${label}: 1,200`) }, SLOW)).toBeTruthy();
      expect(await march()).toMatchObject({ [kind]: 1200 });
    },
    TEST_TIMEOUT,
  );

  it(
    'on “Keep theirs” writes nothing and the grid shows their count',
    async () => {
      const { cell, label, march } = await openThenColleagueSavesMarch(kind);
      type(cell, label, '1200');
      const dialog = await findMergeDialog();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Keep theirs' }));
      await screen.findByText('Kept their count.', {}, SLOW);
      expect(await screen.findByRole('button', { name: new RegExp(`^${label}: 900`) }, SLOW)).toBeTruthy();
      expect(await march()).toMatchObject({ [kind]: 900 });
    },
    TEST_TIMEOUT,
  );
});
