#!/usr/bin/env node
// `npm test`: lint, typecheck, unit + API tests (PGlite, then PostgreSQL when DATABASE_URL is set),
// a production build of the SPA with its first-load budget, and the Playwright journeys in Debian's Chromium.
// Ends with one line "N passed, N failed" summing every runner; exits non-zero on any failure
// or any skipped test.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const tmp = path.join(root, '.tmp');
mkdirSync(tmp, { recursive: true });

const databaseUrl = process.env.DATABASE_URL;
// Only the PostgreSQL pass of the API suite may see the server; everything else runs on PGlite.
const baseEnv = { ...process.env, TMPDIR: tmp };
delete baseEnv.DATABASE_URL;

const totals = { passed: 0, failed: 0, skipped: 0 };
const problems = [];
const timings = [];

const run = (label, command, args, env = baseEnv) => {
  const started = Date.now();
  console.log(`\n▶ ${label}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, env, stdio: 'inherit' });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  timings.push(`${label} ${seconds}s`);
  if (result.status !== 0) problems.push(`${label} exited with ${result.status ?? result.signal}`);
  return result.status === 0;
};

/** Runs several commands two at a time (the machine's cores), each labelled, and waits for all. */
const runTogether = async (commands, env = baseEnv) => {
  const queue = [...commands];
  const outcomes = {};
  const one = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [label, command, args, ownEnv] = next;
      const started = Date.now();
      console.log(`\n▶ ${label}: ${command} ${args.join(' ')}`);
      const status = await new Promise((resolve) => {
        spawn(command, args, { cwd: root, env: ownEnv ?? env, stdio: 'inherit' }).on('close', (code, signal) => resolve(code ?? signal));
      });
      timings.push(`${label} ${((Date.now() - started) / 1000).toFixed(1)}s`);
      if (status !== 0) problems.push(`${label} exited with ${status}`);
      outcomes[label] = status === 0;
    }
  };
  await Promise.all([one(), one()]);
  return outcomes;
};

const readJson = (file) => {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
};

const countVitest = (label, file) => {
  const report = readJson(file);
  if (!report) {
    problems.push(`${label}: no report was written`);
    totals.failed += 1;
    return;
  }
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
  if (report.numTotalTests === 0) problems.push(`${label}: ran no test`);
};

const vitestArgs = (reportFile, extra = []) => [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${reportFile}`,
  ...extra,
];

// Lint, the four type checks (`npm run typecheck` runs them one at a time) and the production build
// of the SPA run two at a time.
const webDist = path.join(tmp, 'web-test');
const early = await runTogether([
  ['web build', 'npm', ['run', 'build', '-w', '@plansmith/web'], { ...baseEnv, WEB_DIST_DIR: webDist }],
  ['typecheck web', 'npx', ['tsc', '-p', 'apps/web', '--noEmit']],
  ['typecheck server', 'npx', ['tsc', '-p', 'apps/server', '--noEmit']],
  ['typecheck e2e', 'npx', ['tsc', '-p', 'e2e', '--noEmit']],
  ['typecheck contract', 'npx', ['tsc', '-p', 'packages/contract', '--noEmit']],
  ['lint', 'npx', ['biome', 'check', '.']],
]);

const unitReport = path.join(tmp, 'vitest-pglite.json');
rmSync(unitReport, { force: true });
run('unit and API tests (PGlite)', 'npx', vitestArgs(unitReport));
countVitest('unit and API tests (PGlite)', unitReport);

if (databaseUrl) {
  const pgReport = path.join(tmp, 'vitest-postgres.json');
  rmSync(pgReport, { force: true });
  run('API tests (PostgreSQL)', 'npx', vitestArgs(pgReport, ['--project', 'server']), { ...baseEnv, TEST_DATABASE_URL: databaseUrl });
  countVitest('API tests (PostgreSQL)', pgReport);
} else {
  console.log('\n(DATABASE_URL is not set: the API suite runs on PGlite only.)');
}

if (early['web build']) {
  // Issue 13's first-load budget: fails when a route's first download grows past its limit.
  run('first-load budget', 'node', ['--import', 'tsx', 'apps/web/build/check-bundle-budget.ts', webDist]);
  const e2eReport = path.join(tmp, 'playwright-report.json');
  rmSync(e2eReport, { force: true });
  run('end-to-end (Chromium)', 'npx', ['playwright', 'test'], {
    ...baseEnv,
    E2E_WEB_DIST: webDist,
    E2E_PORT: process.env.E2E_PORT ?? '3100',
  });
  const report = existsSync(e2eReport) ? readJson(e2eReport) : null;
  if (report?.stats) {
    totals.passed += report.stats.expected + report.stats.flaky;
    totals.failed += report.stats.unexpected;
    totals.skipped += report.stats.skipped;
  } else {
    problems.push('end-to-end: no report was written');
    totals.failed += 1;
  }
}

console.log(`\nTimings: ${timings.join(', ')}`);
if (totals.skipped > 0) problems.push(`${totals.skipped} skipped test(s): a skipped test is not a passing one`);
for (const problem of problems) console.log(`✗ ${problem}`);
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(problems.length === 0 && totals.failed === 0 ? 0 : 1);
