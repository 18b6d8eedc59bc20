// First rows painted (issue 13, part 3), `npm run bench -- first-rows` after `npm run build`: the
// built app with the demo seed plus EXPENSES expenses in the demo Owner's plan, /expenses and
// /budget timed from the navigation's start to the first frame showing table rows, in a new
// browser (empty HTTP cache, the session kept) and on reload; Actual Budget's account register
// with the same number of transactions in the same run (actual-peer.ts), and the ratios (/expenses
// against the register, /budget against Actual's budget page). Both servers run side by side and
// the pages are timed in turns (ours, then Actual's, run after run), so that a change in the
// machine's load over the run weighs on both sides of a ratio alike. The machine is shared: the
// 1-minute load average is printed beside every figure.
// FIRST_ROWS_RUNS (default 3) runs per figure, medians shown; FIRST_ROWS_PEER=off skips Actual.
// FIRST_ROWS_EXPENSES=1000000 (issue 29.2): instead, the big-tenant seed on PostgreSQL
// (big-tenant-seed.ts, made when missing): the same pages for the tenant of 1,000,000 expenses (a plan
// of 20,000 of its 50) and for the reference tenant of 10,000 (one plan of the same shape), on one
// server, timed in turns in the same run, and their ratio (target ≤ 1.2×).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ACTUAL_BUDGET_ROW, ACTUAL_REGISTER_ROW, type ActualPeer, startActual } from './actual-peer.ts';
import type { BenchFigure, BenchReport } from './bench-kit.ts';
import { addDemoExpensesToDataDir } from './demo-expenses.ts';
import {
  BENCH_DATABASE_URL,
  BENCH_PASSWORD,
  BIG_PLANS,
  bigTenantIds,
  ensureBigTenantSeed,
  REFERENCE_EXPENSES,
  referenceTenantIds,
} from './big-tenant-seed.ts';
import { DEMO_PASSWORD, DEMO_USER, freePort, startBuiltApp, stopBuiltApp, WEB_DIST_DIR } from './built-app.ts';
import { median, openProfile, type RowTimes, timeFirstRows } from './first-rows-browser.ts';

const RUNS = Math.max(1, Number(process.env.FIRST_ROWS_RUNS ?? 3));
const EXPENSES = 10_000;
/** FIRST_ROWS_EXPENSES: 10,000 (the default, against Actual) or 1,000,000 (the big tenant against 10,000). */
const SIZE = Number(process.env.FIRST_ROWS_EXPENSES ?? EXPENSES);
const BIG_SIZE = 1_000_000;
const SIZE_TARGET_RATIO = 1.2;
const TARGET_RATIO = 0.25;
const ROWS = { expenses: '.ant-table-tbody tr.ant-table-row', budget: '[data-testid^="item-"]' };

/** Signs the demo Owner (or `user`) in within the profile and picks the plan with the expenses as the context plan. */
const prepareProfile = async (
  base: string,
  profileDir: string,
  context: { teamId: string; planId: string },
  user = { email: DEMO_USER, password: DEMO_PASSWORD },
): Promise<void> => {
  const browser = await openProfile(profileDir);
  try {
    const page = browser.pages()[0] ?? (await browser.newPage());
    await page.goto(`${base}/login`);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 60_000 });
    // The keys the context pickers keep (apps/web/src/shared/api/session-keys.ts).
    await page.evaluate(
      `localStorage.setItem('context_team', ${JSON.stringify(context.teamId)}); localStorage.setItem('context_plan', ${JSON.stringify(context.planId)});`,
    );
    await page.goto(`${base}/expenses`);
    await page.locator(ROWS.expenses).first().waitFor({ timeout: 60_000 });
  } finally {
    await browser.close();
  }
};

const ms = (values: readonly number[]) => Math.round(median(values));
const loadNote = (times: RowTimes) => `load ${times.load.map((load) => load.toFixed(1)).join('/')} (1-min avg at each run)`;

const ours = (name: string, times: RowTimes): BenchFigure[] => [
  { name: `${name}: new browser`, value: ms(times.newBrowser), unit: 'ms', note: `${RUNS} runs; ${loadNote(times)}` },
  { name: `${name}: reload`, value: ms(times.reload), unit: 'ms' },
];

const ratios = (name: string, times: RowTimes, peer: RowTimes): BenchFigure[] =>
  (['newBrowser', 'reload'] as const).map((kind) => {
    const ratio = median(times[kind]) / median(peer[kind]);
    return {
      name: `${name} ÷ Actual: ${kind === 'newBrowser' ? 'new browser' : 'reload'}`,
      value: Number(ratio.toFixed(2)),
      unit: '×',
      note: `target ≤ ${TARGET_RATIO}: ${ratio <= TARGET_RATIO ? 'met' : 'NOT met'}`,
    };
  });

const noTimes = (): RowTimes => ({ newBrowser: [], reload: [], load: [] });
const addTimes = (into: RowTimes, more: RowTimes): void => {
  into.newBrowser.push(...more.newBrowser);
  into.reload.push(...more.reload);
  into.load.push(...more.load);
};

/** /expenses and /budget of a plan of 20,000 in the 1M tenant against the reference tenant of 10,000, in turns. */
const runBigTenant = async (): Promise<BenchReport> => {
  const seed = await ensureBigTenantSeed(BENCH_DATABASE_URL);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'plansmith-first-rows-data-'));
  const profiles = {
    ref: mkdtempSync(path.join(os.tmpdir(), 'plansmith-first-rows-ref-')),
    big: mkdtempSync(path.join(os.tmpdir(), 'plansmith-first-rows-big-')),
  };
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const bigPlan = Math.ceil(BIG_PLANS / 2);
  const times = { ref: { expenses: noTimes(), budget: noTimes() }, big: { expenses: noTimes(), budget: noTimes() } };
  try {
    const server = await startBuiltApp(dataDir, port, 120, { DATABASE_URL: BENCH_DATABASE_URL, SEED_DEMO: 'false' });
    try {
      await prepareProfile(
        base,
        profiles.ref,
        { teamId: referenceTenantIds.teamId, planId: referenceTenantIds.planId },
        { email: referenceTenantIds.email, password: BENCH_PASSWORD },
      );
      await prepareProfile(
        base,
        profiles.big,
        { teamId: bigTenantIds.teamId(bigPlan), planId: bigTenantIds.planId(bigPlan) },
        { email: bigTenantIds.email, password: BENCH_PASSWORD },
      );
      for (let run = 0; run < RUNS; run += 1) {
        // Which size goes first alternates, so a drift in the machine's load weighs on both.
        const order = run % 2 === 0 ? (['ref', 'big'] as const) : (['big', 'ref'] as const);
        for (const page of ['expenses', 'budget'] as const) {
          for (const size of order) {
            addTimes(times[size][page], await timeFirstRows(profiles[size], `${base}/${page}`, ROWS[page], 1));
          }
        }
      }
    } finally {
      await stopBuiltApp(server);
    }
  } finally {
    for (const dir of [dataDir, profiles.ref, profiles.big]) rmSync(dir, { recursive: true, force: true });
  }
  const figures: BenchFigure[] = [
    { name: 'big-tenant seed', value: Number(seed.seconds.toFixed(1)), unit: 's', note: seed.seeded ? 'seeded now' : 'already seeded' },
  ];
  for (const page of ['expenses', 'budget'] as const) {
    figures.push(
      ...ours(`/${page} at ${REFERENCE_EXPENSES.toLocaleString('en-US')}`, times.ref[page]),
      ...ours(`/${page} at ${BIG_SIZE.toLocaleString('en-US')}`, times.big[page]),
      ...(['newBrowser', 'reload'] as const).map((kind) => {
        const ratio = median(times.big[page][kind]) / median(times.ref[page][kind]);
        return {
          name: `/${page} 1M ÷ 10k: ${kind === 'newBrowser' ? 'new browser' : 'reload'}`,
          value: Number(ratio.toFixed(2)),
          unit: '×',
          note: `target ≤ ${SIZE_TARGET_RATIO}: ${ratio <= SIZE_TARGET_RATIO ? 'met' : 'NOT met'}`,
        };
      }),
    );
  }
  return {
    title: `First rows painted, a plan of 20,000 in a tenant of ${BIG_SIZE.toLocaleString('en-US')} expenses against a tenant of ${REFERENCE_EXPENSES.toLocaleString('en-US')} (median of ${RUNS}; ${os.cpus().length} cores)`,
    database: `PostgreSQL ${BENCH_DATABASE_URL.replace(/\/\/[^@]*@/, '//')} (big-tenant seed)`,
    figures,
  };
};

export const run = async (): Promise<BenchReport> => {
  if (!existsSync(path.join(WEB_DIST_DIR, 'index.html'))) {
    throw new Error(`No web build in ${WEB_DIST_DIR}: run \`npm run build\` first (this bench builds nothing).`);
  }
  if (SIZE === BIG_SIZE) return runBigTenant();
  if (SIZE !== EXPENSES)
    throw new Error(`FIRST_ROWS_EXPENSES is ${EXPENSES} (the default) or ${BIG_SIZE} (the big-tenant seed), not ${SIZE}.`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'plansmith-first-rows-data-'));
  const profileDir = mkdtempSync(path.join(os.tmpdir(), 'plansmith-first-rows-profile-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const figures: BenchFigure[] = [];
  try {
    // The demo seed is made by the server's first start; the expenses are added with it stopped.
    await stopBuiltApp(await startBuiltApp(dataDir, port));
    const context = await addDemoExpensesToDataDir(dataDir, EXPENSES);
    const server = await startBuiltApp(dataDir, port);
    let peer: ActualPeer | undefined;
    const times: { expenses: RowTimes; budget: RowTimes; register: RowTimes; actualBudget: RowTimes | string } = {
      expenses: noTimes(),
      budget: noTimes(),
      register: noTimes(),
      actualBudget: noTimes(),
    };
    try {
      await prepareProfile(base, profileDir, context);
      if (process.env.FIRST_ROWS_PEER !== 'off') {
        try {
          peer = await startActual(await freePort(), EXPENSES);
        } catch (error) {
          figures.push({ name: 'Actual Budget register', value: Number.NaN, unit: '', note: `could not be measured: ${String(error)}` });
        }
      }
      for (let run = 0; run < RUNS; run += 1) {
        addTimes(times.expenses, await timeFirstRows(profileDir, `${base}/expenses`, ROWS.expenses, 1));
        if (peer) addTimes(times.register, await timeFirstRows(peer.profileDir, peer.registerUrl, ACTUAL_REGISTER_ROW, 1));
        addTimes(times.budget, await timeFirstRows(profileDir, `${base}/budget`, ROWS.budget, 1));
        if (peer && typeof times.actualBudget !== 'string') {
          // Its budget page apart: a failure there is reported without losing the register's figures.
          try {
            addTimes(times.actualBudget, await timeFirstRows(peer.profileDir, peer.budgetUrl, ACTUAL_BUDGET_ROW, 1));
          } catch (error) {
            times.actualBudget = String(error);
          }
        }
      }
    } finally {
      await peer?.stop();
      await stopBuiltApp(server);
    }
    figures.push(...ours('/expenses', times.expenses), ...ours('/budget', times.budget));
    if (peer) {
      figures.push(...ours(`Actual ${peer.version} register`, times.register), ...ratios('/expenses', times.expenses, times.register));
      if (typeof times.actualBudget === 'string') {
        figures.push({
          name: `Actual ${peer.version} budget`,
          value: Number.NaN,
          unit: '',
          note: `could not be measured: ${times.actualBudget}`,
        });
        figures.push(...ratios('/budget (against the register)', times.budget, times.register));
      } else {
        figures.push(...ours(`Actual ${peer.version} budget`, times.actualBudget), ...ratios('/budget', times.budget, times.actualBudget));
      }
    }
    return {
      title: `First rows painted with ${EXPENSES.toLocaleString('en-US')} expenses (median of ${RUNS}; ${os.cpus().length} cores)`,
      database: 'PGlite (fresh data dir, demo seed + expenses)',
      figures,
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(profileDir, { recursive: true, force: true });
  }
};
