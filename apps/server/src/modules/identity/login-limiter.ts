import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { tooManyRequests } from '../../lib/http-errors.ts';
import { type RateLimiterFactory, tryConsume } from '../../lib/rate-limits.ts';

const WINDOW_SECONDS = 15 * 60;

export type LoginLimits = { perAccount: number; perIp: number };
export const DEFAULT_LOGIN_LIMITS: LoginLimits = { perAccount: 5, perIp: 50 };

/**
 * Counts failed sign-ins per account and per IP address (DESIGN.md §3). Past the limit the caller
 * gets 429 with Retry-After until the window passes; a success clears the account's count.
 * Shared by every instance on PostgreSQL (lib/rate-limits.ts).
 */
export const createLoginLimiter = (rateLimiter: RateLimiterFactory, limits: LoginLimits = DEFAULT_LOGIN_LIMITS) => {
  const perAccount = rateLimiter({
    keyPrefix: 'login-account',
    points: limits.perAccount,
    duration: WINDOW_SECONDS,
    blockDuration: WINDOW_SECONDS,
  });
  const perIp = rateLimiter({ keyPrefix: 'login-ip', points: limits.perIp, duration: WINDOW_SECONDS, blockDuration: WINDOW_SECONDS });

  const blockedFor = async (limiter: RateLimiterAbstract, key: string, points: number): Promise<number> => {
    const state = await limiter.get(key);
    return state && state.consumedPoints >= points ? state.msBeforeNext : 0;
  };

  return {
    /** Throws 429 when the account or the address has failed too often. */
    assertAllowed: async (account: string, ip: string) => {
      const wait = Math.max(await blockedFor(perAccount, account, limits.perAccount), await blockedFor(perIp, ip, limits.perIp));
      if (wait > 0) throw tooManyRequests(wait / 1000, 'Too many failed sign-in attempts. Please wait and try again.');
    },
    recordFailure: async (account: string, ip: string) => {
      await Promise.all([tryConsume(perAccount, account), tryConsume(perIp, ip)]);
    },
    recordSuccess: async (account: string) => {
      await perAccount.delete(account);
    },
  };
};
export type LoginLimiter = ReturnType<typeof createLoginLimiter>;
