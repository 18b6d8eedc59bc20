// A new, empty database on a PostgreSQL server, for one test file or one bench run.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Creates `<prefix>_<random>` on the server of serverUrl; drop() removes it again. */
export const freshPostgres = async (serverUrl: string, prefix: string): Promise<{ url: string; drop: () => Promise<void> }> => {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
};
