import type pg from 'pg';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { tooManyRequests } from './http-errors.ts';

export type RateLimit = {
  /** Names the counter; the same prefix on two instances is the same counter. */
  keyPrefix: string;
  /** Attempts allowed per window. */
  points: number;
  /** The window, in seconds. */
  duration: number;
  /** Once over the limit, refused for this many seconds (default: until the window ends). */
  blockDuration?: number;
};

export type RateLimiterFactory = (limit: RateLimit) => RateLimiterAbstract;

/** Created by migration 0700_rate_limits.sql, shared by every limiter (the key carries the prefix). */
export const RATE_LIMITS_TABLE = 'rate_limits';

/**
 * Every limiter of the app comes from here. With PostgreSQL the counts live in the database, so
 * several instances behind a balancer share them; on PGlite (one process) they live in memory.
 */
export const createRateLimiterFactory =
  (pool: pg.Pool | undefined): RateLimiterFactory =>
  (limit) =>
    pool
      ? new RateLimiterPostgres({ ...limit, storeClient: pool, storeType: 'pool', tableName: RATE_LIMITS_TABLE, tableCreated: true })
      : new RateLimiterMemory(limit);

/** Takes one point; past the limit throws 429 with Retry-After. Store failures pass through as errors. */
export const consumeOrThrow = async (limiter: RateLimiterAbstract, key: string, message?: string): Promise<void> => {
  try {
    await limiter.consume(key);
  } catch (error) {
    if (error instanceof RateLimiterRes) throw tooManyRequests(error.msBeforeNext / 1000, message);
    throw error;
  }
};

/** Takes one point and says whether it was within the limit (for limits that are not refusals). */
export const tryConsume = async (limiter: RateLimiterAbstract, key: string): Promise<boolean> => {
  try {
    await limiter.consume(key);
    return true;
  } catch (error) {
    if (error instanceof RateLimiterRes) return false;
    throw error;
  }
};
