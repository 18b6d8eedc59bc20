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
