import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../../test/factories.ts';
import { createTestApp, createTestClock, type TestApp } from '../../test/test-app.ts';
import { objectiveResults } from '../schema/objectives.ts';
import { DEMO, DEMO_PLAN } from './demo-ids.ts';
import { seedDemo } from './index.ts';

let t: TestApp;
let token: string;

beforeAll(async () => {
  // Late November 2026, as the demo's spending is.
  t = await createTestApp({ seedDemo: true, clock: createTestClock(new Date('2026-11-23T12:00:00Z')) });
  token = (await login(t, DEMO.users.owner.email, DEMO.password)).AccessToken;
});
afterAll(async () => t.close());

describe('demo objectives seed', () => {
  it('gives the demo plan four objectives in four different states, with linked, spending items', async () => {
    const response = await t.post('/api/ObjectiveClient/GetObjectives', { MarketingPlanId: DEMO_PLAN.id }, token);
    expect(response.status).toBe(200);
    const byName = Object.fromEntries(
      response.body.Result.map((row: { Name: string; Status: string; LinkedItemCount: number; Spent: number }) => [
        row.Name,
        { status: row.Status, linked: row.LinkedItemCount > 0, spent: row.Spent > 0 },
      ]),
    );
    expect(byName).toEqual({
      'Marketing qualified leads': { status: 'OnTrack', linked: true, spent: true },
      'Pipeline created': { status: 'AtRisk', linked: true, spent: true },
      'Event attendees': { status: 'Achieved', linked: true, spent: true },
      'Win rate': { status: 'Behind', linked: true, spent: true },
    });
    const performance = await t.post('/api/PerformanceClient/Get', { MarketingPlanId: DEMO_PLAN.id }, token);
    expect(performance.body.Result.Kpis.Roi).not.toBeNull();
  });

  it('adds nothing when seeding again', async () => {
    const before = await t.ctx.db.select().from(objectiveResults).where(eq(objectiveResults.tenantId, DEMO.tenantId));
    await seedDemo(t.database, { sandbox: true });
    expect(await t.ctx.db.select().from(objectiveResults).where(eq(objectiveResults.tenantId, DEMO.tenantId))).toHaveLength(before.length);
  });
});
