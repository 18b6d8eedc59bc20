// Vitest's global setup for the suites that open test databases: one directory per run for the
// PGlite snapshots test-app.ts makes (a migrated, and a seeded, database loaded by every test file),
// removed when the run ends, and a run id naming the PostgreSQL template databases test-app.ts makes
// for the same purpose (dropped when the run ends). Fresh per run, so a changed migration or seed is
// never served stale.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dropPostgresDatabases } from './fresh-postgres.ts';

export const postgresTemplatePrefix = (run: string): string => `plansmith_tpl_${run}`;

export default function setup(): () => Promise<void> {
  if (process.env.PLANSMITH_TEST_SNAPSHOTS) return async () => undefined;
  const dir = mkdtempSync(path.join(process.env.TMPDIR ?? os.tmpdir(), 'plansmith-snapshots-'));
  const run = randomBytes(4).toString('hex');
  process.env.PLANSMITH_TEST_SNAPSHOTS = dir;
  process.env.PLANSMITH_TEST_RUN = run;
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    delete process.env.PLANSMITH_TEST_SNAPSHOTS;
    delete process.env.PLANSMITH_TEST_RUN;
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (serverUrl) await dropPostgresDatabases(serverUrl, postgresTemplatePrefix(run));
  };
}
