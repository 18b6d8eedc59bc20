import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { tooManyRequests } from '../../lib/http-errors.ts';

const WINDOW_SECONDS = 15 * 60;

export type LoginLimits = { perAccount: number; perIp: number };
export const DEFAULT_LOGIN_LIMITS: LoginLimits = { perAccount: 5, perIp: 50 };

/**
 * Counts failed sign-ins per account and per IP address (DESIGN.md §3). Past the limit the caller
 * gets 429 with Retry-After until the window passes; a success clears the account's count.
 * In memory: with several instances each counts alone (documented in the README).
 */
export const createLoginLimiter = (limits: LoginLimits = DEFAULT_LOGIN_LIMITS) => {
  const perAccount = new RateLimiterMemory({
    keyPrefix: 'login-account',
    points: limits.perAccount,
    duration: WINDOW_SECONDS,
    blockDuration: WINDOW_SECONDS,
  });
  const perIp = new RateLimiterMemory({
    keyPrefix: 'login-ip',
    points: limits.perIp,
    duration: WINDOW_SECONDS,
    blockDuration: WINDOW_SECONDS,
  });

  const blockedFor = async (limiter: RateLimiterMemory, key: string, points: number): Promise<number> => {
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
      const swallow = (error: unknown) => {
        if (!(error instanceof RateLimiterRes)) throw error;
      };
      await Promise.all([perAccount.consume(account).catch(swallow), perIp.consume(ip).catch(swallow)]);
    },
    recordSuccess: async (account: string) => {
      await perAccount.delete(account);
    },
  };
};
export type LoginLimiter = ReturnType<typeof createLoginLimiter>;
