import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Database } from './client.ts';

const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');
/** The payment sandbox's tables: a development stand-in for Stripe, so not part of the product's schema. */
const SANDBOX_MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations-sandbox');

export type MigrateOptions = {
  /** Whether the payment sandbox runs (no Stripe keys, not production): only then are its tables created. */
  sandbox: boolean;
};

/** The SQL files of one folder in name order, with the name they are recorded under. */
const scriptsIn = (dir: string, prefix: string) =>
  readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => ({ name: `${prefix}${file}`, file: path.join(dir, file) }));

/**
 * Applies the committed SQL migrations in name order, each in its own transaction, once.
 * Plain numbered SQL files (not drizzle-kit's journal) so that features developed side by side
 * each own a number range: 00xx foundation, 01xx people, 02xx plans, 03xx expenses, 04xx sign-up.
 * The sandbox's own migrations (recorded as `sandbox/NNNN_*.sql`) follow, in sandbox mode only.
 */
export const migrate = async (database: Database, options: MigrateOptions): Promise<string[]> =>
  database.withExclusiveLock(async () => {
    await database.execScript(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const applied = new Set((await database.queryRows<{ name: string }>('SELECT name FROM schema_migrations')).map((row) => row.name));
    const scripts = [...scriptsIn(MIGRATIONS_DIR, ''), ...(options.sandbox ? scriptsIn(SANDBOX_MIGRATIONS_DIR, 'sandbox/') : [])];
    const newlyApplied: string[] = [];
    for (const { name, file } of scripts) {
      if (applied.has(name)) continue;
      const script = readFileSync(file, 'utf8');
      const escapedName = name.replaceAll("'", "''");
      await database.execScript(`${script}\n;INSERT INTO schema_migrations (name) VALUES ('${escapedName}');`);
      newlyApplied.push(name);
    }
    return newlyApplied;
  });
