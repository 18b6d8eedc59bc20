import { consumeOrThrow, type RateLimiterFactory, tryConsume } from '../../lib/rate-limits.ts';

const FIFTEEN_MINUTES = 15 * 60;
const ONE_HOUR = 60 * 60;

export type AnonymousLimits = {
  /** Key checks (invitation validate/complete, password reset) per IP address per 15 minutes. */
  keyAttemptsPerIp: number;
  /** Recovery requests per IP address per 15 minutes. */
  recoveryStartsPerIp: number;
  /** Recovery e-mails per account per hour; past it requests are answered alike but send nothing. */
  recoveryMailsPerAccount: number;
};

export const DEFAULT_ANONYMOUS_LIMITS: AnonymousLimits = { keyAttemptsPerIp: 30, recoveryStartsPerIp: 10, recoveryMailsPerAccount: 3 };

/**
 * Rate limits for the anonymous invitation and recovery endpoints (DESIGN.md §3): they guess at
 * nothing useful (keys are 256-bit), but they send mail and hash passwords, so they are bounded.
 * Shared by every instance on PostgreSQL, like the login limiter.
 */
export const createAnonymousLimiter = (rateLimiter: RateLimiterFactory, limits: AnonymousLimits = DEFAULT_ANONYMOUS_LIMITS) => {
  const keyAttempts = rateLimiter({ keyPrefix: 'key-ip', points: limits.keyAttemptsPerIp, duration: FIFTEEN_MINUTES });
  const recoveryStarts = rateLimiter({ keyPrefix: 'recovery-ip', points: limits.recoveryStartsPerIp, duration: FIFTEEN_MINUTES });
  const recoveryMails = rateLimiter({ keyPrefix: 'recovery-account', points: limits.recoveryMailsPerAccount, duration: ONE_HOUR });

  return {
    /** Throws 429 when this address has checked too many keys. */
    takeKeyAttempt: (ip: string) => consumeOrThrow(keyAttempts, ip),
    /** Throws 429 when this address has asked for too many recoveries. */
    takeRecoveryStart: (ip: string) => consumeOrThrow(recoveryStarts, ip),
    /** False when the account has had enough recovery mail this hour (the caller still answers alike). */
    mayMailAccount: (email: string): Promise<boolean> => tryConsume(recoveryMails, email),
  };
};
export type AnonymousLimiter = ReturnType<typeof createAnonymousLimiter>;
