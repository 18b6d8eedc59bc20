import { type Campaign, toCents } from '@plansmith/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../../test/factories.ts';
import { createTestApp, createTestClock, type TestApp } from '../../test/test-app.ts';
import { campaigns } from '../schema/campaigns.ts';
import { DEMO, DEMO_PLAN } from './demo-ids.ts';
import { seedDemo } from './index.ts';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: true, clock: createTestClock(new Date('2026-11-23T12:00:00Z')) });
  token = (await login(t, DEMO.users.owner.email, DEMO.password)).AccessToken;
});
afterAll(async () => t.close());

describe('demo campaigns seed', () => {
  it('gives the demo plan two programs with campaigns and tactics on 2026 dates, items assigned, roll-ups adding up to the plan', async () => {
    const response = await t.post('/api/CampaignClient/List', { MarketingPlanId: DEMO_PLAN.id }, token);
    expect(response.status, response.text).toBe(200);
    const list = response.body.Result as { Campaigns: Campaign[]; NoCampaign: { Budget: number }; Plan: { Budget: number } };
    expect(list.Campaigns.map((c) => [c.Depth, c.Name])).toEqual([
      [1, 'Always-on Demand'],
      [2, 'Search & SEO'],
      [1, 'Product Launch 2026'],
      [2, 'Spring Launch'],
      [3, 'Launch Paid Social'],
      [3, 'Launch Webinars'],
      [2, 'Fall Events'],
    ]);
    for (const c of list.Campaigns) {
      expect(c.StartDate >= '2026-01-01' && c.EndDate <= '2026-12-31').toBe(true);
      expect(c.Totals.ItemCount).toBeGreaterThan(0);
      expect(c.Totals.Actual).toBeGreaterThan(0);
    }
    const programs = list.Campaigns.filter((c) => c.Depth === 1);
    const cents = programs.reduce((sum, c) => sum + toCents(c.Totals.Budget), 0) + toCents(list.NoCampaign.Budget);
    expect(cents).toBe(toCents(list.Plan.Budget));
  });

  it('adds nothing when seeding again', async () => {
    const before = await t.ctx.db.select().from(campaigns).where(eq(campaigns.tenantId, DEMO.tenantId));
    await seedDemo(t.ctx.database, { sandbox: true });
    expect(await t.ctx.db.select().from(campaigns).where(eq(campaigns.tenantId, DEMO.tenantId))).toEqual(before);
  });
});
