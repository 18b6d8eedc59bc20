import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('uses the embedded defaults: port 3000 on 127.0.0.1, PGlite in ./data, demo seed on', () => {
    const config = loadConfig({ DATA_DIR: 'memory://' });
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      seedDemo: true,
      stripe: undefined,
      smtpUrl: undefined,
    });
    expect(config.publicUrl).toBe('http://127.0.0.1:3000');
    expect(loadConfig({}).dataDir).toBe(path.resolve('./data'));
  });

  it('lists every bad value with its variable name', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SEED_DEMO: 'maybe' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SEED_DEMO: 'maybe' });
    } catch (error) {
      expect(String(error)).toMatch(/PORT/);
      expect(String(error)).toMatch(/DATABASE_URL: must be a postgres:\/\/ connection string/);
      expect(String(error)).toMatch(/SEED_DEMO: must be true or false/);
    }
  });

  it('requires JWT_SECRET, PUBLIC_URL, SMTP and Stripe keys in production and turns the demo seed off', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: 'memory://' })).toThrow(/JWT_SECRET: required/);
    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: 'memory://',
      JWT_SECRET: 'x'.repeat(40),
      PUBLIC_URL: 'https://plansmith.example.com/',
      SMTP_URL: 'smtp://mail.example.com:587',
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    });
    expect(config.seedDemo).toBe(false);
    expect(config.publicUrl).toBe('https://plansmith.example.com');
  });

  it('refuses a partial set of Stripe keys', () => {
    expect(() => loadConfig({ DATA_DIR: 'memory://', STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/set all of STRIPE_SECRET_KEY/);
  });

  it('sends Stripe calls to STRIPE_API_URL when set (a stand-in such as stripe-mock), and refuses a URL that is not one', () => {
    const keys = {
      DATA_DIR: 'memory://',
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    };
    expect(loadConfig(keys).stripe?.apiUrl).toBeUndefined();
    expect(loadConfig({ ...keys, STRIPE_API_URL: 'http://127.0.0.1:12111' }).stripe?.apiUrl).toBe('http://127.0.0.1:12111');
    expect(() => loadConfig({ ...keys, STRIPE_API_URL: 'localhost' })).toThrow(/STRIPE_API_URL: must be an absolute URL/);
  });

  it('reads TRUST_PROXY as false, true, a number of hops or a list of addresses and CIDR ranges', () => {
    const trustProxy = (value?: string) =>
      loadConfig({ DATA_DIR: 'memory://', ...(value === undefined ? {} : { TRUST_PROXY: value }) }).trustProxy;
    expect(trustProxy()).toBe(false);
    expect(trustProxy('false')).toBe(false);
    expect(trustProxy('true')).toBe(true);
    expect(trustProxy('2')).toBe(2);
    expect(trustProxy('10.0.0.1, 10.1.0.0/16, fd00::/8, loopback')).toEqual(['10.0.0.1', '10.1.0.0/16', 'fd00::/8', 'loopback']);
    for (const bad of ['yes please', '10.0.0.0/33', '10.0.0.1,proxy.example.com', '300.1.1.1']) {
      expect(() => trustProxy(bad)).toThrow(/TRUST_PROXY: must be true, false, a number of proxy hops, or a comma-separated list/);
    }
  });

  it('stops the server process with exit code 1 and a clear message on a bad value', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'server.ts')], {
      env: { ...process.env, NODE_ENV: 'production', DATA_DIR: 'memory://', DATABASE_URL: '', JWT_SECRET: '' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/Invalid configuration/);
    expect(result.stderr).toMatch(/JWT_SECRET: required when NODE_ENV=production/);
  });
});
