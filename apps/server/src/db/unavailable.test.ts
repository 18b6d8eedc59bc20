import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable.ts';

const failureOf = async (work: () => Promise<unknown>): Promise<unknown> => {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error('expected the statement to fail');
};

describe('isDatabaseUnavailable', () => {
  it('recognises a PostgreSQL server that refuses the connection', async () => {
    // Port 1 on localhost: nothing listens, the connection is refused at once.
    const pool = new pg.Pool({ connectionString: 'postgres://postgres:postgres@127.0.0.1:1/postgres', connectionTimeoutMillis: 2_000 });
    try {
      expect(isDatabaseUnavailable(await failureOf(() => drizzlePg({ client: pool }).execute(sql`SELECT 1`)))).toBe(true);
    } finally {
      await pool.end();
    }
  });

  it('recognises an ended pool and a closed PGlite', async () => {
    const pool = new pg.Pool({ connectionString: 'postgres://postgres:postgres@127.0.0.1:1/postgres' });
    await pool.end();
    expect(isDatabaseUnavailable(await failureOf(() => drizzlePg({ client: pool }).execute(sql`SELECT 1`)))).toBe(true);
    const client = new PGlite();
    await client.close();
    expect(isDatabaseUnavailable(await failureOf(() => drizzlePglite({ client }).execute(sql`SELECT 1`)))).toBe(true);
  });

  it('does not take a failing statement for an outage', async () => {
    const client = new PGlite();
    try {
      const db = drizzlePglite({ client });
      expect(isDatabaseUnavailable(await failureOf(() => db.execute(sql`SELECT * FROM no_such_table`)))).toBe(false);
      expect(isDatabaseUnavailable(await failureOf(() => db.execute(sql`SELECT 1/0`)))).toBe(false);
      expect(isDatabaseUnavailable(new Error('something else'))).toBe(false);
      expect(isDatabaseUnavailable('a string')).toBe(false);
    } finally {
      await client.close();
    }
  });
});
