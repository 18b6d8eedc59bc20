// Actual Budget as the peer of the first-rows bench: its sync server (which also serves its web
// app) and its API, installed on demand into a cache directory (never a project dependency), on a
// loopback port, with one account of TRANSACTIONS transactions, signed in within a browser profile
// of its own; the first-rows bench times its register and budget page like ours
// (first-rows-browser.ts), in turns with ours.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { openProfile } from './first-rows-browser.ts';

const VERSION = '26.9.0';
const PASSWORD = 'actual-bench-2026';
const CACHE_DIR = process.env.ACTUAL_BENCH_DIR ?? path.join(os.homedir(), '.cache', 'plansmith-bench', `actual-${VERSION}`);
export const ACTUAL_REGISTER_ROW = '[data-testid="transaction-table"] [data-testid="row"]';
// The desktop budget table's rows, or the narrow layout's category rows.
export const ACTUAL_BUDGET_ROW = '[data-testid="budget-table"] [data-testid="row"], [data-testid="category-row"]';

type ActualApi = {
  init(config: { dataDir: string; serverURL: string; password: string }): Promise<unknown>;
  runImport(name: string, work: () => Promise<void>): Promise<void>;
  createAccount(account: { name: string; offbudget?: boolean }, initialBalance?: number): Promise<string>;
  addTransactions(accountId: string, transactions: { date: string; amount: number; payee_name: string; notes: string }[]): Promise<unknown>;
  shutdown(): Promise<void>;
};

/** `npm install --prefix CACHE_DIR` of the two packages, once; later runs reuse them. */
const install = (): string => {
  const server = path.join(CACHE_DIR, 'node_modules', '@actual-app', 'sync-server', 'build', 'bin', 'actual-server.js');
  if (existsSync(server) && existsSync(path.join(CACHE_DIR, 'node_modules', '@actual-app', 'api'))) return server;
  mkdirSync(CACHE_DIR, { recursive: true });
  writeFileSync(path.join(CACHE_DIR, 'package.json'), JSON.stringify({ name: 'actual-bench-cache', private: true }));
  execFileSync(
    'npm',
    [
      'install',
      '--prefix',
      CACHE_DIR,
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
      `@actual-app/sync-server@${VERSION}`,
      `@actual-app/api@${VERSION}`,
    ],
    { stdio: 'inherit' },
  );
  return server;
};

const waitForServer = async (base: string, server: ChildProcess): Promise<void> => {
  for (let waited = 0; waited < 240; waited += 1) {
    if (server.exitCode !== null) throw new Error(`Actual's server stopped with ${server.exitCode} before it was ready.`);
    try {
      if ((await fetch(`${base}/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Actual's server at ${base} was not ready after 60 s.`);
};

/** One account with `count` transactions over a year, through Actual's own API (uploaded to its server). */
const seed = async (base: string, count: number, workDir: string): Promise<void> => {
  const bootstrap = await fetch(`${base}/account/bootstrap`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ password: PASSWORD }),
  });
  if (!bootstrap.ok) throw new Error(`Actual's bootstrap answered ${bootstrap.status}: ${await bootstrap.text()}`);
  const api = createRequire(path.join(CACHE_DIR, 'package.json'))('@actual-app/api') as ActualApi;
  const dataDir = path.join(workDir, 'api-data');
  mkdirSync(dataDir, { recursive: true });
  await api.init({ dataDir, serverURL: base, password: PASSWORD });
  try {
    await api.runImport('Bench', async () => {
      const accountId = await api.createAccount({ name: 'Checking' }, 0);
      const transactions = Array.from({ length: count }, (_, index) => ({
        date: new Date(Date.UTC(2026, 0, 1 + (index % 365))).toISOString().slice(0, 10),
        amount: -(100 + ((index * 7919) % 250_000)),
        payee_name: `Payee ${index % 750}`,
        notes: `Invoice ${index + 1}`,
      }));
      await api.addTransactions(accountId, transactions);
    });
  } finally {
    await api.shutdown();
  }
};

/** Signs in to Actual's web app in the profile and opens the budget once (it is then kept locally). */
const prepareProfile = async (base: string, profileDir: string): Promise<string> => {
  const context = await openProfile(profileDir);
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(base);
    await page.locator('input[type="password"]').fill(PASSWORD);
    await page.keyboard.press('Enter');
    await page.getByText('Bench', { exact: true }).first().click({ timeout: 60_000 });
    await page.getByText('Checking').first().click({ timeout: 60_000 });
    await page.locator(ACTUAL_REGISTER_ROW).first().waitFor({ timeout: 60_000 });
    return page.url();
  } finally {
    await context.close();
  }
};

/** Actual's server, seeded and signed in: the profile and the two pages to time, and how to stop it. */
export type ActualPeer = { version: string; profileDir: string; registerUrl: string; budgetUrl: string; stop: () => Promise<void> };

export const startActual = async (port: number, transactions: number): Promise<ActualPeer> => {
  const serverScript = install();
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'plansmith-actual-'));
  const base = `http://127.0.0.1:${port}`;
  mkdirSync(path.join(workDir, 'server'), { recursive: true });
  const server = spawn(process.execPath, [serverScript], {
    env: { ...process.env, ACTUAL_PORT: String(port), ACTUAL_HOSTNAME: '127.0.0.1', ACTUAL_DATA_DIR: path.join(workDir, 'server') },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(workDir, { recursive: true, force: true });
  };
  try {
    await waitForServer(base, server);
    await seed(base, transactions, workDir);
    const profileDir = path.join(workDir, 'profile');
    const registerUrl = await prepareProfile(base, profileDir);
    return { version: VERSION, profileDir, registerUrl, budgetUrl: `${base}/budget`, stop };
  } catch (error) {
    await stop();
    throw error;
  }
};
