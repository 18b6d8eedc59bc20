// What the browser benches (lighthouse, first-rows) share: Debian's Chromium with the flags this
// machine allows, the demo Owner, and the built app started as `npm start` runs it.
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { freshPostgres as freshDatabase } from '../test/fresh-postgres.ts';

export const ROOT = path.resolve(import.meta.dirname, '../../..');
export const WEB_DIST_DIR = path.resolve(process.env.WEB_DIST_DIR ?? path.join(ROOT, 'apps/web/dist'));
export { CHROMIUM, CHROMIUM_FLAGS } from '../../../scripts/chromium.mjs';
export const DEMO_USER = 'demo@plansmith.test';
export const DEMO_PASSWORD = 'plansmith-demo-2026';

export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });

/**
 * The built app (WEB_DIST_DIR) on 127.0.0.1:port with the demo seed in dataDir (or on PostgreSQL
 * when `env` names a DATABASE_URL), once /readyz answers.
 */
export const startBuiltApp = async (
  dataDir: string,
  port: number,
  seconds = 120,
  env: Record<string, string> = {},
): Promise<ChildProcess> => {
  const server = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/server/src/server.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let waited = 0; waited < seconds * 4; waited += 1) {
    if (server.exitCode !== null) throw new Error(`The server stopped with ${server.exitCode} before it was ready.`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return server;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  server.kill('SIGKILL');
  throw new Error(`The server was not ready after ${seconds} s.`);
};

export const stopBuiltApp = async (server: ChildProcess): Promise<void> => {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
};

/** A fresh database on the PostgreSQL server of DATABASE_URL; dropped again by the answer's drop(). */
export const freshPostgres = (serverUrl: string) => freshDatabase(serverUrl, 'plansmith_bench');
