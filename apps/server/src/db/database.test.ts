import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, openDatabase } from './client.ts';
import { migrate } from './migrate.ts';
import { seedDemo } from '../seed/index.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'plansmith-db-'));
  dirs.push(dir);
  return dir;
};
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Another process that opens and migrates the directory; resolves once it holds it. */
const holdInAnotherProcess = async (dir: string): Promise<ChildProcess> => {
  const script = path.join(import.meta.dirname, '../../test/hold-data-dir.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', script, dir], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  let output = '';
  child.stdout?.setEncoding('utf8');
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: string) => {
      output += chunk;
      if (output.includes('holding')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the holder exited early with code ${code}`)));
  });
  return child;
};

const crash = async (child: ChildProcess) => {
  const exited = once(child, 'exit');
  child.kill('SIGKILL');
  await exited;
};

describe('the PGlite data directory', () => {
  it('refuses a second opener of the same directory with a clear message, and opens again once released', async () => {
    const dir = tempDir();
    const first = await openDatabase({ dataDir: dir });
    try {
      await expect(openDatabase({ dataDir: dir })).rejects.toThrow(DataDirLockedError);
      await expect(openDatabase({ dataDir: dir })).rejects.toThrow(/is in use by another Plansmith process/);
    } finally {
      await first.close();
    }
    const again = await openDatabase({ dataDir: dir });
    await again.close();
  });

  it('refuses while another live process holds it, and opens at once after that process is killed with SIGKILL', async () => {
    const dir = tempDir();
    const holder = await holdInAnotherProcess(dir);
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(/is in use by another Plansmith process/);

    await crash(holder);
    expect(existsSync(path.join(dir, '.plansmith.lock'))).toBe(true);
    // No waiting for the 15-second staleness: the lock names a holder that no longer runs.
    const reopened = await openDatabase({ dataDir: dir });
    try {
      const rows = await reopened.queryRows<{ count: number }>('SELECT count(*)::int AS count FROM schema_migrations');
      expect(rows[0]?.count).toBeGreaterThanOrEqual(4);
      await expect(openDatabase({ dataDir: dir })).rejects.toThrow(DataDirLockedError);
    } finally {
      await reopened.close();
    }
  }, 60_000);

  it('refuses a second process while this one holds it', async () => {
    const dir = tempDir();
    const first = await openDatabase({ dataDir: dir });
    try {
      const second = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, '../../test/hold-data-dir.ts'), dir], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.push(second);
      let stderr = '';
      second.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
        stderr += chunk;
      });
      const [code] = await once(second, 'exit');
      expect(code).not.toBe(0);
      expect(stderr).toMatch(/is in use by another Plansmith process/);
    } finally {
      await first.close();
    }
  }, 60_000);

  it('keeps data across a close and reopen', async () => {
    const dir = tempDir();
    const first = await openDatabase({ dataDir: dir });
    await migrate(first, { sandbox: true });
    await seedDemo(first, { sandbox: true });
    await first.close();
    const second = await openDatabase({ dataDir: dir });
    try {
      const rows = await second.queryRows<{ count: number }>('SELECT count(*)::int AS count FROM users');
      expect(rows[0]?.count).toBeGreaterThanOrEqual(4);
    } finally {
      await second.close();
    }
  });
});

describe('PGlite in a worker thread', () => {
  it('runs statements off the thread that answers HTTP: a 1.5-second statement leaves its timers on time', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      // In-process PGlite would hold this thread for the whole statement (one gap of ~1.5 s).
      const gaps: number[] = [];
      let last = performance.now();
      const timer = setInterval(() => {
        const now = performance.now();
        gaps.push(now - last);
        last = now;
      }, 10);
      const started = performance.now();
      await database.queryRows('SELECT pg_sleep(1.5)');
      const took = performance.now() - started;
      clearInterval(timer);
      // The gap still open when the statement ends counts too (in-process, it is the only one).
      gaps.push(performance.now() - last);
      expect(took).toBeGreaterThanOrEqual(1_500);
      expect(Math.max(...gaps)).toBeLessThan(500);
    } finally {
      await database.close();
    }
  });

  it('delivers a NOTIFY of a committed transaction, not of a rolled-back one, and prepares a statement again after a failed one', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      const notices: string[] = [];
      const live = new Promise<boolean>((resolve) => database.listen('test_channel', (payload) => notices.push(payload), resolve));
      expect(await live).toBe(true);
      await database.execScript(`SELECT pg_notify('test_channel', 'committed')`);
      await expect(database.execScript(`SELECT pg_notify('test_channel', 'rolled back'); SELECT 1/0`)).rejects.toThrow(/division by zero/);
      const read = database.prepareRead<{ one: number }>('test_one', 'SELECT $1::int AS one');
      expect(await read([1])).toEqual([{ one: 1 }]);
      // A failing statement makes node-postgres replace the connection; PGlite's session still knows test_one.
      await expect(database.queryRows('SELECT 1/0')).rejects.toThrow(/division by zero/);
      expect(await read([2])).toEqual([{ one: 2 }]);
      await database.execScript(`SELECT pg_notify('test_channel', 'after the failure')`);
      expect(notices).toEqual(['committed', 'after the failure']);
    } finally {
      await database.close();
    }
  });
});

describe('migrations and the demo seed', () => {
  it('applies every migration once; a second run applies none', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      const first = await migrate(database, { sandbox: true });
      expect(first.length).toBeGreaterThanOrEqual(3);
      expect(first).toEqual([...first].sort());
      expect(await migrate(database, { sandbox: true })).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it('seeds the demo tenant idempotently: a second run adds no rows', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      await migrate(database, { sandbox: true });
      await seedDemo(database, { sandbox: true });
      const count = async () =>
        (
          await database.queryRows<{ tenants: number; users: number; teams: number; members: number }>(
            `SELECT (SELECT count(*)::int FROM tenants) AS tenants, (SELECT count(*)::int FROM users) AS users,
                    (SELECT count(*)::int FROM teams) AS teams, (SELECT count(*)::int FROM team_members) AS members`,
          )
        )[0];
      const before = await count();
      await seedDemo(database, { sandbox: true });
      expect(await count()).toEqual(before);
      const owner = await database.queryRows<{ tenant_role: string; name: string; plan_code: string }>(
        `SELECT u.tenant_role, t.name, t.plan_code FROM users u JOIN tenants t ON t.id = u.tenant_id WHERE u.email = 'demo@plansmith.test'`,
      );
      expect(owner).toEqual([{ tenant_role: 'owner', name: 'Acme Marketing', plan_code: 'performance' }]);
      const roles = await database.queryRows<{ tenant_role: string }>(
        `SELECT tenant_role FROM users WHERE email IN ('admin@plansmith.test', 'member@plansmith.test', 'viewer@plansmith.test') ORDER BY email`,
      );
      expect(roles.map((row) => row.tenant_role)).toEqual(['admin', 'member', 'member']);
      const viewerRole = await database.queryRows<{ team_role_id: number }>(
        `SELECT m.team_role_id FROM team_members m JOIN users u ON u.id = m.user_id WHERE u.email = 'viewer@plansmith.test'`,
      );
      expect(viewerRole.map((row) => row.team_role_id)).toEqual([3]);
    } finally {
      await database.close();
    }
  });

  it('refuses a user linked to a team of another tenant (composite foreign keys)', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      await migrate(database, { sandbox: true });
      await database.execScript(`
        INSERT INTO tenants (id, name) VALUES ('00000000-0000-4000-8000-000000000001', 'A'), ('00000000-0000-4000-8000-000000000002', 'B');
        INSERT INTO teams (tenant_id, id, name) VALUES ('00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-0000000000a1', 'A team');
        INSERT INTO users (tenant_id, id, email, first_name, last_name, tenant_role)
          VALUES ('00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-0000000000b1', 'b@example.test', 'B', 'B', 'owner');`);
      await expect(
        database.execScript(
          `INSERT INTO team_members (tenant_id, team_id, user_id, team_role_id)
           VALUES ('00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-0000000000b1', 1)`,
        ),
      ).rejects.toThrow(/foreign key/);
    } finally {
      await database.close();
    }
  });
});
