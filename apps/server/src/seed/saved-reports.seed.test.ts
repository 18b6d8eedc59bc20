import type { PivotResult, SavedReport } from '@plansmith/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { DEMO } from './demo-ids.ts';
import { seedDemo } from './index.ts';
import { DEMO_SAVED_REPORTS } from './saved-reports.seed.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
});
afterAll(async () => t.close());

describe('demo saved reports seed', () => {
  it('shares two reports with the whole demo account, and each builds over the demo plan’s 2026', async () => {
    // Seeding again adds nothing (idempotent parts).
    await seedDemo(t.database, { sandbox: true });
    const member = await login(t, DEMO.users.member.email, DEMO.password);
    const listed = (await t.post('/api/SavedReportClient/List', {}, member.AccessToken)).body.Result as SavedReport[];
    const seeded = listed.filter((report) => Object.values(DEMO_SAVED_REPORTS).some((entry) => entry.id === report.Id));
    expect(seeded).toHaveLength(2);
    expect(seeded.every((report) => report.Shared && report.OwnerId === DEMO.users.owner.id && !report.CanEdit)).toBe(true);
    expect(seeded.map((report) => report.Name)).toContain('Spend by category per quarter');

    for (const report of seeded) {
      const answer = await t.post(
        '/api/ReportClient/Pivot',
        { ...report.Definition, From: '2026-01-01', To: '2026-12-31' },
        member.AccessToken,
      );
      expect(answer.status, answer.text).toBe(200);
      const result = answer.body.Result as PivotResult;
      expect(result.Rows.length).toBeGreaterThan(1);
      expect(result.GrandTotal.Total.Values.Actual).toBeGreaterThan(0);
      // "Against last year": the 2025 plan's Actual is the comparison, not zero.
      if (report.Definition.Compare === 'PriorYear') expect(result.GrandTotal.Total.Compare?.Actual).toBeGreaterThan(0);
    }
  }, 60_000);
});
