import { consumeOrThrow, type RateLimiterFactory } from '../../lib/rate-limits.ts';

export type RegistrationLimits = { mailsPerAddress: number; requestsPerIp: number };
export const DEFAULT_REGISTRATION_LIMITS: RegistrationLimits = { mailsPerAddress: 5, requestsPerIp: 60 };

/**
 * Limits the anonymous sign-up calls: verification mails per address per hour (so nobody floods
 * an inbox) and requests per IP per 15 minutes. Shared by every instance on PostgreSQL.
 */
export const createRegistrationLimiter = (rateLimiter: RateLimiterFactory, limits: RegistrationLimits = DEFAULT_REGISTRATION_LIMITS) => {
  const perAddress = rateLimiter({ keyPrefix: 'signup-address', points: limits.mailsPerAddress, duration: 60 * 60 });
  const perIp = rateLimiter({ keyPrefix: 'signup-ip', points: limits.requestsPerIp, duration: 15 * 60 });
  return {
    assertIp: (ip: string) => consumeOrThrow(perIp, ip, 'Too many sign-up requests from your network. Please wait and try again.'),
    assertAddress: (email: string) =>
      consumeOrThrow(perAddress, email, 'We have already sent several emails to this address. Please check your inbox or try again later.'),
  };
};
export type RegistrationLimiter = ReturnType<typeof createRegistrationLimiter>;
