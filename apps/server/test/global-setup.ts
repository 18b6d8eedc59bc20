// Vitest's global setup for the suites that open test databases: one directory per run for the
// PGlite snapshots test-app.ts makes (a migrated, and a seeded, database loaded by every test file),
// removed when the run ends. Fresh per run, so a changed migration or seed is never served stale.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export default function setup(): () => void {
  if (process.env.PLANSMITH_TEST_SNAPSHOTS) return () => undefined;
  const dir = mkdtempSync(path.join(process.env.TMPDIR ?? os.tmpdir(), 'plansmith-snapshots-'));
  process.env.PLANSMITH_TEST_SNAPSHOTS = dir;
  return () => {
    rmSync(dir, { recursive: true, force: true });
    delete process.env.PLANSMITH_TEST_SNAPSHOTS;
  };
}
