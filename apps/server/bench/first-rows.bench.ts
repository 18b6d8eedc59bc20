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
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/db/client.ts';
import { ACTUAL_BUDGET_ROW, ACTUAL_REGISTER_ROW, type ActualPeer, startActual } from './actual-peer.ts';
import type { BenchFigure, BenchReport } from './bench-kit.ts';
import { addDemoExpenses, type DemoPlan } from './demo-expenses.ts';
import { DEMO_PASSWORD, DEMO_USER, freePort, startBuiltApp, stopBuiltApp, WEB_DIST_DIR } from './built-app.ts';
import { median, openProfile, type RowTimes, timeFirstRows } from './first-rows-browser.ts';

const RUNS = Math.max(1, Number(process.env.FIRST_ROWS_RUNS ?? 3));
const EXPENSES = 10_000;
const TARGET_RATIO = 0.25;
const ROWS = { expenses: '.ant-table-tbody tr.ant-table-row', budget: '[data-testid^="item-"]' };

/** EXPENSES expenses in the demo Owner's plan with the most items (demo-expenses.ts); its team and id. */
const addExpenses = async (dataDir: string): Promise<DemoPlan> => {
  const database = await openDatabase({ dataDir });
  try {
    return await addDemoExpenses(database, EXPENSES);
  } finally {
    await database.close();
  }
};

/** Signs the demo Owner in within the profile and picks the plan with the expenses as the context plan. */
const prepareProfile = async (base: string, profileDir: string, context: { teamId: string; planId: string }): Promise<void> => {
  const browser = await openProfile(profileDir);
  try {
    const page = browser.pages()[0] ?? (await browser.newPage());
    await page.goto(`${base}/login`);
    await page.getByLabel('Email').fill(DEMO_USER);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
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

export const run = async (): Promise<BenchReport> => {
  if (!existsSync(path.join(WEB_DIST_DIR, 'index.html'))) {
    throw new Error(`No web build in ${WEB_DIST_DIR}: run \`npm run build\` first (this bench builds nothing).`);
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'plansmith-first-rows-data-'));
  const profileDir = mkdtempSync(path.join(os.tmpdir(), 'plansmith-first-rows-profile-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const figures: BenchFigure[] = [];
  try {
    // The demo seed is made by the server's first start; the expenses are added with it stopped.
    await stopBuiltApp(await startBuiltApp(dataDir, port));
    const context = await addExpenses(dataDir);
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
