import { tooManyRequests } from '../../lib/http-errors.ts';
import type { RateLimiterFactory } from '../../lib/rate-limits.ts';

const FIFTEEN_MINUTES = 15 * 60;
const ONE_HOUR = 60 * 60;
/**
 * How long an address stays "known" for an account after a successful sign-in from it. Under
 * 24.8 days: the in-memory store expires keys with setTimeout, which fires at once past 2^31 ms.
 */
const KNOWN_FOR_SECONDS = 14 * 24 * ONE_HOUR;
/** The longest wait one account and address can be given between attempts. */
export const MAX_DELAY_SECONDS = FIFTEEN_MINUTES;

export type LoginLimits = {
  /** Failures of one account from one address (per hour) before each further attempt waits: 1 s, 2 s, 4 s … at most 15 minutes. */
  perAccountAndIp: number;
  /** Failures of one account from every address (per hour); past it only addresses it signed in from before may try. */
  perAccount: number;
  /** Failures from one address over every account (per 15 minutes: spraying); past it only accounts that signed in from there before may try. */
  perIp: number;
};
export const DEFAULT_LOGIN_LIMITS: LoginLimits = { perAccountAndIp: 5, perAccount: 100, perIp: 50 };

const MESSAGE = 'Too many failed sign-in attempts. Please wait and try again.';

/** The wait after the `failures`-th failure of one account from one address: none before `free`, then doubling from 1 s. */
export const failedSignInDelaySeconds = (failures: number, free: number): number =>
  failures < free ? 0 : Math.min(2 ** (failures - free), MAX_DELAY_SECONDS);

/**
 * Failed sign-ins (DESIGN.md §3). Guessing is slowed, never turned into a lockout anyone can cause:
 * - one account from one address: a few free failures, then an exponential wait between attempts;
 *   the owner at another address is not slowed by it;
 * - one account from every address (a distributed guess) and one address over many accounts
 *   (spraying, or an office behind one NAT address): past a ceiling, only pairs of account and
 *   address that signed in successfully before (in the last 14 days) may still try.
 * A success clears its own pair's count, not the account's: one good sign-in does not let a
 * distributed guesser start again. Shared by every instance on PostgreSQL (lib/rate-limits.ts).
 */
export const createLoginLimiter = (rateLimiter: RateLimiterFactory, overrides: Partial<LoginLimits> = {}) => {
  const limits = { ...DEFAULT_LOGIN_LIMITS, ...overrides };
  // Counters only (`penalty` never refuses); the decisions are below.
  const pairFailures = rateLimiter({ keyPrefix: 'login-pair', points: Number.MAX_SAFE_INTEGER, duration: ONE_HOUR });
  const pairWait = rateLimiter({ keyPrefix: 'login-wait', points: 1, duration: MAX_DELAY_SECONDS });
  const accountFailures = rateLimiter({ keyPrefix: 'login-account', points: limits.perAccount, duration: ONE_HOUR });
  const ipFailures = rateLimiter({ keyPrefix: 'login-ip', points: limits.perIp, duration: FIFTEEN_MINUTES });
  const knownPairs = rateLimiter({ keyPrefix: 'login-known', points: 1, duration: KNOWN_FOR_SECONDS });

  const pairKey = (account: string, ip: string) => `${account}|${ip}`;
  const msLeft = (state: { msBeforeNext: number } | null) => (state ? Math.max(state.msBeforeNext, 0) : 0);
  const overCeiling = async (limiter: typeof accountFailures, key: string, ceiling: number): Promise<number> => {
    const state = await limiter.get(key);
    return state && state.consumedPoints >= ceiling ? msLeft(state) : 0;
  };

  return {
    /** Throws 429 with Retry-After while this account and address must wait or a ceiling applies to them. */
    assertAllowed: async (account: string, ip: string) => {
      const pair = pairKey(account, ip);
      const [delay, accountWait, ipWait] = await Promise.all([
        pairWait.get(pair).then(msLeft),
        overCeiling(accountFailures, account, limits.perAccount),
        overCeiling(ipFailures, ip, limits.perIp),
      ]);
      const ceilingWait = Math.max(accountWait, ipWait);
      const wait = ceilingWait > 0 && !(await knownPairs.get(pair)) ? Math.max(delay, ceilingWait) : delay;
      if (wait > 0) throw tooManyRequests(wait / 1000, MESSAGE);
    },
    recordFailure: async (account: string, ip: string) => {
      const pair = pairKey(account, ip);
      const [failures] = await Promise.all([
        pairFailures.penalty(pair).then((state) => state.consumedPoints),
        accountFailures.penalty(account),
        ipFailures.penalty(ip),
      ]);
      const delay = failedSignInDelaySeconds(failures, limits.perAccountAndIp);
      if (delay > 0) await pairWait.set(pair, 1, delay);
    },
    recordSuccess: async (account: string, ip: string) => {
      const pair = pairKey(account, ip);
      await Promise.all([pairFailures.delete(pair), pairWait.delete(pair), knownPairs.set(pair, 1, KNOWN_FOR_SECONDS)]);
    },
  };
};
export type LoginLimiter = ReturnType<typeof createLoginLimiter>;
