import { createHmac } from 'node:crypto';
import type { Config } from '../../config.ts';

export type StripeKeys = { secretKey: string; publishableKey: string; webhookSecret: string };

const derive = (secret: string, purpose: string): string =>
  createHmac('sha256', secret).update(`stripe-sandbox:${purpose}`).digest('hex').slice(0, 32);

/**
 * The keys in force: Stripe's when configured, otherwise the sandbox's, derived from JWT_SECRET so
 * they are stable across restarts and not guessable (the webhook secret signs sandbox events).
 */
export const stripeKeysOf = (config: Config): StripeKeys =>
  config.stripe ?? {
    secretKey: `sk_test_sandbox_${derive(config.jwtSecret, 'secret')}`,
    publishableKey: `pk_test_sandbox_${derive(config.jwtSecret, 'publishable')}`,
    webhookSecret: `whsec_sandbox_${derive(config.jwtSecret, 'webhook')}`,
  };

export const isSandboxMode = (config: Config): boolean => config.stripe === undefined && !config.isProduction;
