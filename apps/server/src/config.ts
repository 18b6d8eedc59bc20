import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], { error: 'must be true or false' })
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

/** An address, a CIDR range, or one of proxy-addr's names for the usual private ranges. */
const isProxyAddress = (entry: string): boolean => {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
};

/** false | true | a number of proxy hops | a comma-separated list of proxy addresses or CIDR ranges. */
const trustProxyFromEnv = z
  .string()
  .trim()
  .transform((value, context): boolean | number | string[] => {
    if (/^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    const bad = entries.filter((entry) => !isProxyAddress(entry));
    if (bad.length > 0) {
      context.addIssue({
        code: 'custom',
        message: `must be true, false, a number of proxy hops, or a comma-separated list of addresses/CIDR ranges (not ${bad.join(', ')})`,
      });
      return z.NEVER;
    }
    return entries;
  });

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: z.url({ error: 'must be an absolute URL such as https://plansmith.example.com' }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection string')
    .optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Plansmith <no-reply@plansmith.test>'),
  STRIPE_SECRET_KEY: z.string().startsWith('sk_', 'must start with sk_').optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().startsWith('pk_', 'must start with pk_').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_', 'must start with whsec_').optional(),
  SSO_SECRET_KEY: z
    .string()
    .regex(/^(?:[0-9a-fA-F]{64}|[A-Za-z0-9+/_-]{43}=?)$/, 'must be 32 bytes as 64 hex characters or base64 (openssl rand -hex 32)')
    .optional(),
  STRIPE_API_URL: z.url({ error: 'must be an absolute URL such as http://127.0.0.1:12111' }).optional(),
  SEED_DEMO: booleanFromEnv.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  TRUST_PROXY: trustProxyFromEnv.optional(),
});

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  /** PostgreSQL when set, otherwise PGlite under dataDir (or in memory when dataDir is 'memory://'). */
  databaseUrl: string | undefined;
  jwtSecret: string;
  /**
   * The key that encrypts secrets kept for later use (SSO client secrets, webhook signing secrets) with
   * AES-256-GCM (lib/secret-box.ts). From SSO_SECRET_KEY; outside production generated once in DATA_DIR.
   * Undefined in production without SSO_SECRET_KEY: saving such a secret is then refused (409 naming it).
   */
  secretKey: Buffer | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Stripe's keys; apiUrl sends the API calls to a stand-in (stripe-mock, a test double) instead of api.stripe.com. */
  stripe: { secretKey: string; publishableKey: string; webhookSecret: string; apiUrl?: string } | undefined;
  seedDemo: boolean;
  logLevel: string;
  webDistDir: string;
  /** Fastify's trustProxy: which X-Forwarded-For hops to believe for the client address (rate limits, logs). */
  trustProxy: boolean | number | string[];
};

export class ConfigError extends Error {}

/** Reads and validates the environment (DESIGN.md §1). Throws ConfigError with every problem listed. */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  // An empty variable (FOO=) means "not set", as shells and process managers commonly pass it.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  const problems: string[] = [];
  if (isProduction && !e.JWT_SECRET) problems.push('  JWT_SECRET: required when NODE_ENV=production');
  if (isProduction && !e.PUBLIC_URL) problems.push('  PUBLIC_URL: required when NODE_ENV=production');
  const stripeKeys = [e.STRIPE_SECRET_KEY, e.STRIPE_PUBLISHABLE_KEY, e.STRIPE_WEBHOOK_SECRET];
  const stripeSet = stripeKeys.filter(Boolean).length;
  if (stripeSet > 0 && stripeSet < 3) {
    problems.push('  STRIPE_*: set all of STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET, or none');
  }
  if (isProduction && stripeSet === 0) {
    problems.push('  STRIPE_*: the payment sandbox is not available in production; set the Stripe keys');
  }
  if (isProduction && !e.SMTP_URL) problems.push('  SMTP_URL: required when NODE_ENV=production (the dev mailbox is off)');
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);

  const dataDir = e.DATA_DIR === 'memory://' ? e.DATA_DIR : path.resolve(e.DATA_DIR);
  const port = e.PORT;
  return {
    nodeEnv: e.NODE_ENV,
    isProduction,
    port,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://${e.HOST === '0.0.0.0' ? '127.0.0.1' : e.HOST}:${port}`).replace(/\/+$/, ''),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET ?? developmentSecret(dataDir),
    secretKey: e.SSO_SECRET_KEY
      ? parseSecretKey(e.SSO_SECRET_KEY)
      : isProduction
        ? undefined
        : Buffer.from(developmentSecret(dataDir, 'sso-secret-key'), 'hex'),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            ...(e.STRIPE_API_URL ? { apiUrl: e.STRIPE_API_URL } : {}),
          }
        : undefined,
    seedDemo: e.SEED_DEMO ?? !isProduction,
    logLevel: e.LOG_LEVEL,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(import.meta.dirname, '../../web/dist')),
    trustProxy: e.TRUST_PROXY ?? false,
  };
};

/** Outside production a missing JWT_SECRET is generated once and kept in DATA_DIR. */
const developmentSecret = (dataDir: string, name = 'jwt-secret'): string => {
  if (dataDir === 'memory://') return randomBytes(32).toString('hex');
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
};

const parseSecretKey = (value: string): Buffer =>
  /^[0-9a-fA-F]{64}$/.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');

/** Configuration for tests: in-memory PGlite, quiet logs, no demo seed unless asked. */
export const testConfig = (overrides: Partial<Config> = {}): Config => ({
  ...loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://', LOG_LEVEL: 'silent', SEED_DEMO: 'false' }),
  ...overrides,
});
