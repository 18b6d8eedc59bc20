import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../../../test/factories.ts';
import { createStages, EXPECTATION, FUNNEL, funnelSnapshot, withFunnelVersions } from '../../../test/funnel-factories.ts';
import { createPlan } from '../../../test/planning-factories.ts';
import { createTestApp, createTestClock, type TestApp } from '../../../test/test-app.ts';

// Row versions of the funnel (DESIGN.md §13): the model and each stage setting, each grid cell.

const clock = createTestClock(new Date('2026-03-15T12:00:00Z'));
let t: TestApp;
let tenant: TestTenant;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => t.close());

let stageCounter = 0;
/** A fresh tenant each time (its funnel stages are every plan's), with a January–April plan and two stages. */
const setUp = async () => {
  tenant = await createTenant(t, { name: 'Versions' });
  const plan = await createPlan(t, tenant, { name: 'Spring push', startDate: '2026-01-01', endDate: '2026-04-30' });
  stageCounter += 1;
  const [lead, customer] = await createStages(t, tenant, [`Lead ${stageCounter}`, `Customer ${stageCounter}`]);
  if (!lead || !customer) throw new Error('stages');
  return { plan, lead, customer };
};

type Grid = { Rows: Array<{ FunnelStageId: string; Cells: Array<{ Month: string; Expected: number | null; Version: number | null }> }> };
const cellOf = (grid: Grid, stageId: string, month: string) =>
  grid.Rows.find((row) => row.FunnelStageId === stageId)?.Cells.find((cell) => cell.Month === month);

describe('forecast and actual cells', () => {
  it('start at 1 when first saved, add one per change (forecast or actual), and an empty cell reads Version null', async () => {
    const { plan, lead } = await setUp();
    const sam = await tenant.tokenFor('member');
    const empty = (await t.post(EXPECTATION.get, { MarketingPlanId: plan.id }, sam)).body.Result;
    expect(cellOf(empty, lead.id, '2026-01')?.Version).toBeNull();
    const saved = await t.post(
      EXPECTATION.save,
      { MarketingPlanId: plan.id, Cells: [{ FunnelStageId: lead.id, Month: '2026-01', Expected: 10, Version: null }] },
      sam,
    );
    expect(cellOf(saved.body.Result, lead.id, '2026-01')?.Version).toBe(1);
    const actual = await t.post(
      FUNNEL.saveActuals,
      { MarketingPlanId: plan.id, Cells: [{ FunnelStageId: lead.id, Month: '2026-01', Count: 4, Version: 1 }] },
      sam,
    );
    expect(actual.status, actual.text).toBe(200);
    const grid = (await t.post(EXPECTATION.get, { MarketingPlanId: plan.id }, sam)).body.Result;
    expect(cellOf(grid, lead.id, '2026-01')).toMatchObject({ Expected: 10, Actual: 4, Version: 2 });
  });

  it('a paste with one stale cell answers 409 with the cells that changed, naming who, and writes none of the paste', async () => {
    const { plan, lead, customer } = await setUp();
    const sam = await tenant.tokenFor('member');
    const dana = await tenant.tokenFor('admin');
    const read = (
      await t.post(
        EXPECTATION.save,
        {
          MarketingPlanId: plan.id,
          Cells: [
            { FunnelStageId: lead.id, Month: '2026-01', Expected: 10 },
            { FunnelStageId: lead.id, Month: '2026-02', Expected: 20 },
          ],
        },
        sam,
      )
    ).body.Result;
    clock.advance(60_000);
    // Dana changes February while Sam still has the grid open.
    const theirs = await t.post(
      EXPECTATION.save,
      { MarketingPlanId: plan.id, Cells: [{ FunnelStageId: lead.id, Month: '2026-02', Expected: 25, Version: 1 }] },
      dana,
    );
    expect(theirs.status, theirs.text).toBe(200);
    const before = await funnelSnapshot(t, tenant.id);

    const paste = await t.post(
      EXPECTATION.save,
      {
        MarketingPlanId: plan.id,
        Cells: [
          { FunnelStageId: lead.id, Month: '2026-01', Expected: 11, Version: cellOf(read, lead.id, '2026-01')?.Version },
          { FunnelStageId: lead.id, Month: '2026-02', Expected: 21, Version: cellOf(read, lead.id, '2026-02')?.Version },
          { FunnelStageId: customer.id, Month: '2026-03', Expected: 2, Version: null },
        ],
      },
      sam,
    );
    expect(paste.status).toBe(409);
    expect(paste.body.Message).toMatch(
      /^Admin Versions changed the Lead \d+ cell of 2026-02 in “Spring push” at Mar 15, \d{1,2}:\d{2} [AP]M while you were editing\.$/,
    );
    expect(paste.body.Result).toEqual([{ FunnelStageId: lead.id, Month: '2026-02', Expected: 25, Actual: null, Version: 2 }]);
    expect(paste.body.Conflict).toMatchObject({ Entity: 'FunnelCell', Id: `${lead.id}|2026-02`, Version: 2, ChangedBy: 'Admin Versions' });
    expect(await funnelSnapshot(t, tenant.id)).toEqual(before);

    // "Save mine over theirs": the same paste with the version the 409 named.
    const over = await t.post(
      EXPECTATION.save,
      {
        MarketingPlanId: plan.id,
        Cells: [
          { FunnelStageId: lead.id, Month: '2026-01', Expected: 11, Version: 1 },
          { FunnelStageId: lead.id, Month: '2026-02', Expected: 21, Version: 2 },
          { FunnelStageId: customer.id, Month: '2026-03', Expected: 2, Version: null },
        ],
      },
      sam,
    );
    expect(over.status, over.text).toBe(200);
    expect(cellOf(over.body.Result, lead.id, '2026-02')).toMatchObject({ Expected: 21, Version: 3 });
  });

  it('a cell someone saved while it was read empty answers 409 (Version null is stale once the cell exists)', async () => {
    const { plan, lead } = await setUp();
    const sam = await tenant.tokenFor('member');
    await t.post(FUNNEL.saveActuals, { MarketingPlanId: plan.id, Cells: [{ FunnelStageId: lead.id, Month: '2026-03', Count: 8 }] }, sam);
    const before = await funnelSnapshot(t, tenant.id);
    const mine = await t.post(
      FUNNEL.saveActuals,
      { MarketingPlanId: plan.id, Cells: [{ FunnelStageId: lead.id, Month: '2026-03', Count: 9, Version: null }] },
      await tenant.tokenFor('owner'),
    );
    expect(mine.status).toBe(409);
    expect(mine.body.Result).toEqual([{ FunnelStageId: lead.id, Month: '2026-03', Expected: null, Actual: 8, Version: 1 }]);
    expect(await funnelSnapshot(t, tenant.id)).toEqual(before);
  });

  it('Generate rewrites forecasts without versions but keeps them counting, so a grid open elsewhere gets 409 instead of overwriting', async () => {
    const { plan, lead, customer } = await setUp();
    const sam = await tenant.tokenFor('member');
    const funnel = await t.post(
      FUNNEL.save,
      {
        MarketingPlanId: plan.id,
        RevenueGoal: 100_000,
        AverageDealSize: 1_000,
        Stages: [{ FunnelStageId: lead.id, ConversionRate: 0.5, VelocityDays: 0 }],
      },
      sam,
    );
    expect(funnel.status, funnel.text).toBe(200);
    const typed = (
      await t.post(
        EXPECTATION.save,
        { MarketingPlanId: plan.id, Cells: [{ FunnelStageId: customer.id, Month: '2026-01', Expected: 1 }] },
        sam,
      )
    ).body.Result;
    expect(cellOf(typed, customer.id, '2026-01')?.Version).toBe(1);
    const generated = (await t.post(EXPECTATION.generate, { MarketingPlanId: plan.id }, await tenant.tokenFor('admin'))).body.Result;
    expect(cellOf(generated, customer.id, '2026-01')).toMatchObject({ Expected: 25, Version: 2 });
    expect(cellOf(generated, lead.id, '2026-01')).toMatchObject({ Expected: 50, Version: 1 });
    const again = (await t.post(EXPECTATION.generate, { MarketingPlanId: plan.id }, sam)).body.Result;
    expect(cellOf(again, customer.id, '2026-01')?.Version).toBe(2);

    const stale = await t.post(
      EXPECTATION.save,
      { MarketingPlanId: plan.id, Cells: [{ FunnelStageId: customer.id, Month: '2026-01', Expected: 3, Version: 1 }] },
      sam,
    );
    expect(stale.status).toBe(409);
    expect(stale.body.Result).toEqual([expect.objectContaining({ Expected: 25, Version: 2 })]);
  });
});

describe('the funnel model and stage settings', () => {
  it('two people changing different stages both keep their work; the same stage or the model answers 409 with the current funnel', async () => {
    const { plan, lead, customer } = await setUp();
    const sam = await tenant.tokenFor('member');
    const dana = await tenant.tokenFor('admin');
    const body = (
      fields: Record<string, unknown>,
      stages: Array<{ FunnelStageId: string; ConversionRate: number | null; VelocityDays: number }>,
    ) => ({
      MarketingPlanId: plan.id,
      RevenueGoal: 100_000,
      AverageDealSize: 1_000,
      Stages: stages,
      ...fields,
    });
    const read = (
      await t.post(
        FUNNEL.save,
        body({}, [
          { FunnelStageId: lead.id, ConversionRate: 0.5, VelocityDays: 10 },
          { FunnelStageId: customer.id, ConversionRate: null, VelocityDays: 0 },
        ]),
        sam,
      )
    ).body.Result;
    expect(read.Version).toBe(1);
    expect(read.Stages.map((stage: { Version: number | null }) => stage.Version)).toEqual([1, 1]);

    // Dana changes the Lead stage's rate; Sam, from the same read, the Customer stage's velocity: both land.
    clock.advance(60_000);
    const theirs = await t.post(
      FUNNEL.save,
      withFunnelVersions(body({}, [{ FunnelStageId: lead.id, ConversionRate: 0.4, VelocityDays: 10 }]), read),
      dana,
    );
    expect(theirs.status, theirs.text).toBe(200);
    const mine = await t.post(
      FUNNEL.save,
      withFunnelVersions(body({}, [{ FunnelStageId: customer.id, ConversionRate: null, VelocityDays: 5 }]), read),
      sam,
    );
    expect(mine.status, mine.text).toBe(200);
    expect(
      mine.body.Result.Stages.map((stage: { ConversionRate: number | null; VelocityDays: number }) => [
        stage.ConversionRate,
        stage.VelocityDays,
      ]),
    ).toEqual([
      [0.4, 10],
      [null, 5],
    ]);

    // Sam then changes the Lead stage from the version he read first: Dana's rate is not overwritten.
    const before = await funnelSnapshot(t, tenant.id);
    const stale = await t.post(
      FUNNEL.save,
      withFunnelVersions(body({}, [{ FunnelStageId: lead.id, ConversionRate: 0.6, VelocityDays: 10 }]), read),
      sam,
    );
    expect(stale.status).toBe(409);
    expect(stale.body.Message).toMatch(
      /^Admin Versions changed the Lead \d+ stage’s conversion and velocity in “Spring push” at .+ while you were editing\.$/,
    );
    expect(stale.body.Conflict).toMatchObject({ Entity: 'FunnelStageSetting', Version: 2 });
    expect(stale.body.Result.Stages[0]).toMatchObject({ ConversionRate: 0.4, Version: 2 });
    expect(await funnelSnapshot(t, tenant.id)).toEqual(before);

    // A goal changed by Dana makes Sam's save of the model from the old version stale too.
    await t.post(FUNNEL.save, withFunnelVersions(body({ RevenueGoal: 200_000 }, []), mine.body.Result), dana);
    const staleModel = await t.post(FUNNEL.save, withFunnelVersions(body({ RevenueGoal: 150_000 }, []), mine.body.Result), sam);
    expect(staleModel.status).toBe(409);
    expect(staleModel.body.Conflict).toMatchObject({ Entity: 'FunnelModel', Id: plan.id, Version: 2 });
    expect(staleModel.body.Result).toMatchObject({ RevenueGoal: 200_000, Version: 2 });
    // A save with no model version while the plan has one answers 409, not an overwrite.
    const blind = await t.post(FUNNEL.save, body({ RevenueGoal: 1 }, []), sam);
    expect(blind.status).toBe(409);
  });
});
