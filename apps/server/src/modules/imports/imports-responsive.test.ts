import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import { PREVIEW, previewBody, setup } from '../../../test/imports-fixture.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createSheetPool } from './sheet-pool.ts';

// Issue 29: reading an import file must not hold the thread that answers everyone else's requests.
// A probe asks /healthz again and again while the file is read; its slowest answer is the measure.
// The bound is generous (a busy 2-core machine); before the worker pool a 6.8 MB CSV held it 13.8 s.
const PROBE_BOUND_MS = 1_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/**
 * Runs `work` while probing /healthz every 20 ms; answers the work's result and the longest wait for
 * a probe's answer, counted from when it was due (a thread held between two probes delays the next one).
 */
const probed = async <T>(work: () => Promise<T>): Promise<{ result: T; slowestProbeMs: number; probes: number }> => {
  let done = false;
  let slowestProbeMs = 0;
  let probes = 0;
  const probing = (async () => {
    // One more probe after the work is done: a thread held at its end delays that one.
    while (probes === 0 || !done) {
      const due = performance.now() + 20;
      await new Promise((resolve) => setTimeout(resolve, 20));
      const response = await t.get('/healthz');
      expect(response.status).toBe(200);
      slowestProbeMs = Math.max(slowestProbeMs, performance.now() - due);
      probes += 1;
    }
  })();
  try {
    const result = await work();
    done = true;
    await probing;
    return { result, slowestProbeMs, probes };
  } finally {
    done = true;
  }
};

describe('reading an import file does not hold other requests', () => {
  it('refuses a CSV of 250,000 rows (9 MB) at the row limit while /healthz keeps answering', async () => {
    const { plan, token } = await setup(t);
    const csv = `Amount,Purchase date,Budget item,Payee\n${'12.50,2026-03-01,Paid search,Acme\n'.repeat(250_000)}`;
    const { result, slowestProbeMs, probes } = await probed(() => t.post(PREVIEW, previewBody(plan.id, csv), token));
    expect(result.status).toBe(400);
    expect(result.body.Message).toContain('has more than 20,000 rows; the limit is 20,000 per file');
    expect(probes).toBeGreaterThan(0);
    expect(slowestProbeMs).toBeLessThan(PROBE_BOUND_MS);
  });

  it('refuses 9 MB of garbage named .xlsx with 400 while /healthz keeps answering', async () => {
    const { plan, token } = await setup(t);
    const garbage = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), randomBytes(9 * 1024 * 1024)]);
    const body = { ...previewBody(plan.id), FileName: 'garbage.xlsx', ContentBase64: garbage.toString('base64') };
    const { result, slowestProbeMs } = await probed(() => t.post(PREVIEW, body, token));
    expect(result.status).toBe(400);
    expect(result.body.Message).toContain('could not be read as an Excel workbook');
    expect(slowestProbeMs).toBeLessThan(PROBE_BOUND_MS);
  });

  it('previews a workbook of 20,000 rows (the limit) while /healthz keeps answering', async () => {
    const { plan, token } = await setup(t);
    const data = [
      ['Amount', 'Purchase date', 'Budget item', 'Payee'],
      ...Array.from({ length: 20_000 }, (_, index) => [10 + (index % 100), '2026-03-01', 'Paid search', `Vendor ${index}`]),
    ];
    const bytes = await writeXlsxFile(data).toBuffer();
    const body = { ...previewBody(plan.id), FileName: 'big.xlsx', ContentBase64: bytes.toString('base64') };
    const { result, slowestProbeMs } = await probed(() => t.post(PREVIEW, body, token));
    expect(result.status).toBe(200);
    expect(result.body.Result.Counts).toMatchObject({ Rows: 20_000, Valid: 20_000 });
    expect(slowestProbeMs).toBeLessThan(PROBE_BOUND_MS);
  });
});

describe('the time limit on one file', () => {
  it('stops a file that takes longer than the limit and answers 413 naming it', async () => {
    const pool = createSheetPool({ timeLimitMs: 50, maxThreads: 1 });
    try {
      const csv = `Amount,Purchase date,Budget item\n${'1,2026-03-01,Paid search\n'.repeat(20_000)}`;
      const error = await pool
        .analyse({
          mode: 'preview',
          kind: 'Expenses',
          fileName: 'slow.csv',
          content: Buffer.from(csv),
          planMonths: ['2026-03'],
          given: undefined,
          saved: null,
          dateOrder: undefined,
          edits: [],
          replacements: [],
          refs: { plan: { startDate: '2026-01-01', endDate: '2026-12-31' }, items: [], categories: [], glCodes: [], today: '2026-12-31' },
          existingExpensesJson: [],
          commit: null,
        })
        .then(
          () => null,
          (caught: { statusCode: number; message: string }) => caught,
        );
      expect(error?.statusCode).toBe(413);
      expect(error?.message).toBe('“slow.csv” could not be read within 0.05 seconds, the limit for one file. Split it into smaller files.');
    } finally {
      await pool.close();
    }
  });
});
