// A new database on a PostgreSQL server, for one test file or one bench run: empty, or a copy of a
// template database (CREATE DATABASE … TEMPLATE copies its files, where migrating again runs every statement).
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A database name PostgreSQL takes unquoted: letters, digits and underscores only. */
const checkedName = (name: string): string => {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`"${name}" is not a plain database name.`);
  return name;
};

const withAdmin = async <T>(serverUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> => {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
};

/** The URL of database `name` on the server of serverUrl. */
export const databaseUrl = (serverUrl: string, name: string): string => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/**
 * Creates `<prefix>_<random>` on the server of serverUrl, empty or as a copy of `template` (which no
 * one may be connected to); drop() removes it again.
 */
export const freshPostgres = async (
  serverUrl: string,
  prefix: string,
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> }> => {
  const name = checkedName(`${prefix}_${randomBytes(6).toString('hex')}`);
  await withAdmin(serverUrl, (admin) => admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${checkedName(template)}` : ''}`));
  return {
    url: databaseUrl(serverUrl, name),
    drop: () => withAdmin(serverUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
};

/**
 * Database `name`, made once by `fill` (given its URL) if it does not exist yet, for copying with
 * freshPostgres. Test processes running side by side take turns through an advisory lock, and a
 * half-made database is built under another name and renamed only once `fill` has finished (and
 * closed its connections), so no one ever copies an unfinished one.
 */
export const templatePostgres = async (serverUrl: string, name: string, fill: (url: string) => Promise<void>): Promise<string> => {
  checkedName(name);
  return withAdmin(serverUrl, async (admin) => {
    await admin.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    try {
      const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (rowCount === 0) {
        const partial = checkedName(`${name}_partial`);
        await admin.query(`DROP DATABASE IF EXISTS ${partial} WITH (FORCE)`);
        await admin.query(`CREATE DATABASE ${partial}`);
        await fill(databaseUrl(serverUrl, partial));
        await admin.query(`ALTER DATABASE ${partial} RENAME TO ${name}`);
      }
      return name;
    } finally {
      await admin.query('SELECT pg_advisory_unlock(hashtext($1))', [name]);
    }
  });
};

/** Drops every database whose name starts with `prefix` (a test run's templates, when the run ends). */
export const dropPostgresDatabases = (serverUrl: string, prefix: string): Promise<void> =>
  withAdmin(serverUrl, async (admin) => {
    const { rows } = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [
      checkedName(prefix),
    ]);
    for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${checkedName(datname)} WITH (FORCE)`);
  });
