import { and, eq } from 'drizzle-orm';
import type { TestTenant } from './factories.ts';
import type { TestApp } from './test-app.ts';
import { newId } from '../src/lib/ids.ts';
import { activities } from '../src/schema/activities.ts';
import { lookups } from '../src/schema/lookups.ts';
import { funnelModels, funnelStageSettings } from '../src/schema/funnels.ts';
import { expectations } from '../src/schema/objectives.ts';

export const FUNNEL = {
  get: '/api/FunnelClient/Get',
  save: '/api/FunnelClient/Save',
  saveActuals: '/api/FunnelClient/SaveActuals',
} as const;
export const EXPECTATION = {
  get: '/api/ExpectationClient/Get',
  save: '/api/ExpectationClient/Save',
  generate: '/api/ExpectationClient/Generate',
} as const;

/** Funnel-stage lookups (type 2) of a tenant, in the order given. */
export const createStages = async (t: TestApp, tenant: TestTenant, names: readonly string[]) => {
  const rows = names.map((name, index) => ({
    tenantId: tenant.id,
    id: newId(),
    name,
    lookupType: 2 as const,
    sortOrder: (index + 1) * 10,
  }));
  await t.ctx.db.insert(lookups).values(rows);
  return rows;
};

/** Everything the funnel and forecast routes can write for one tenant, to prove a refused call wrote nothing. */
export const funnelSnapshot = async (t: TestApp, tenantId: string) => ({
  models: await t.ctx.db.select().from(funnelModels).where(eq(funnelModels.tenantId, tenantId)),
  settings: await t.ctx.db.select().from(funnelStageSettings).where(eq(funnelStageSettings.tenantId, tenantId)),
  counts: await t.ctx.db.select().from(expectations).where(eq(expectations.tenantId, tenantId)),
  activities: await t.ctx.db
    .select()
    .from(activities)
    .where(and(eq(activities.tenantId, tenantId))),
});

type FunnelVersions = { Version: number | null; Stages: Array<{ FunnelStageId: string; Version: number | null }> };

/**
 * A funnel Save body carrying the versions `funnel` (what a Get or Save answered) was read with:
 * the model's and each sent stage's (DESIGN.md §13).
 */
export const withFunnelVersions = <B extends { Stages: Array<{ FunnelStageId: string }> }>(body: B, funnel: FunnelVersions) => ({
  ...body,
  Version: funnel.Version,
  Stages: body.Stages.map((stage) => ({
    ...stage,
    Version: funnel.Stages.find((read) => read.FunnelStageId === stage.FunnelStageId)?.Version ?? null,
  })),
});

type GridVersions = { Rows: Array<{ FunnelStageId: string; Cells: Array<{ Month: string; Version: number | null }> }> };

/** Grid cells carrying the Version each had in `grid` (what a Get or Save of the forecast grid answered). */
export const withCellVersions = <C extends { FunnelStageId: string; Month: string }>(cells: readonly C[], grid: GridVersions) =>
  cells.map((cell) => ({
    ...cell,
    Version:
      grid.Rows.find((row) => row.FunnelStageId === cell.FunnelStageId)?.Cells.find((read) => read.Month === cell.Month)?.Version ?? null,
  }));
