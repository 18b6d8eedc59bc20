import { bigint, index, integer, pgTable, varchar } from 'drizzle-orm/pg-core';

// Counters of rate-limiter-flexible's Postgres store (migration 0700): the library reads and writes
// them itself; the definition is here so the schema test sees every table.
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: varchar('key', { length: 255 }).primaryKey(),
    points: integer('points').notNull().default(0),
    expire: bigint('expire', { mode: 'number' }),
  },
  (table) => [index('rate_limits_expire_idx').on(table.expire)],
);
