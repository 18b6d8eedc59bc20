import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Database } from './client.ts';

const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');

/**
 * Applies the committed SQL migrations in name order, each in its own transaction, once.
 * Plain numbered SQL files (not drizzle-kit's journal) so that features developed side by side
 * each own a number range: 00xx foundation, 01xx people, 02xx plans, 03xx expenses, 04xx sign-up.
 */
export const migrate = async (database: Database): Promise<string[]> =>
  database.withExclusiveLock(async () => {
    await database.execScript(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const applied = new Set((await database.queryRows<{ name: string }>('SELECT name FROM schema_migrations')).map((row) => row.name));
    const files = readdirSync(MIGRATIONS_DIR)
      .filter((file) => file.endsWith('.sql'))
      .sort();
    const newlyApplied: string[] = [];
    for (const file of files) {
      if (applied.has(file)) continue;
      const script = readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
      const escapedName = file.replaceAll("'", "''");
      await database.execScript(`${script}\n;INSERT INTO schema_migrations (name) VALUES ('${escapedName}');`);
      newlyApplied.push(file);
    }
    return newlyApplied;
  });
