import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { JwtService } from './lib/jwt.ts';
import type { RateLimiterFactory } from './lib/rate-limits.ts';

export type Clock = { now: () => Date };

/** What every module is given: configuration, the database and the shared services. */
export type AppContext = {
  config: Config;
  database: Database;
  db: Db;
  jwt: JwtService;
  clock: Clock;
  /** Makes the app's rate limiters: shared in PostgreSQL, in memory on PGlite. */
  rateLimiter: RateLimiterFactory;
};
