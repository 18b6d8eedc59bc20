import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { tooManyRequests } from '../../lib/http-errors.ts';

export type RegistrationLimits = { mailsPerAddress: number; requestsPerIp: number };
export const DEFAULT_REGISTRATION_LIMITS: RegistrationLimits = { mailsPerAddress: 5, requestsPerIp: 60 };

/**
 * Limits the anonymous sign-up calls: verification mails per address per hour (so nobody floods
 * an inbox) and requests per IP per 15 minutes. In memory, per instance (like the login limiter).
 */
export const createRegistrationLimiter = (limits: RegistrationLimits = DEFAULT_REGISTRATION_LIMITS) => {
  const perAddress = new RateLimiterMemory({ keyPrefix: 'signup-address', points: limits.mailsPerAddress, duration: 60 * 60 });
  const perIp = new RateLimiterMemory({ keyPrefix: 'signup-ip', points: limits.requestsPerIp, duration: 15 * 60 });
  const consume = async (limiter: RateLimiterMemory, key: string, message: string) => {
    try {
      await limiter.consume(key);
    } catch (error) {
      if (error instanceof RateLimiterRes) throw tooManyRequests(error.msBeforeNext / 1000, message);
      throw error;
    }
  };
  return {
    assertIp: (ip: string) => consume(perIp, ip, 'Too many sign-up requests from your network. Please wait and try again.'),
    assertAddress: (email: string) =>
      consume(perAddress, email, 'We have already sent several emails to this address. Please check your inbox or try again later.'),
  };
};
export type RegistrationLimiter = ReturnType<typeof createRegistrationLimiter>;
