import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { openSecret, SecretBoxError, sealSecret } from './secret-box.ts';

describe('secret box', () => {
  const key = randomBytes(32);

  it('opens what it sealed, and never stores the plaintext', () => {
    const sealed = sealSecret(key, 'client-secret-ü');
    expect(sealed).not.toContain('client-secret');
    expect(sealed.startsWith('v1.')).toBe(true);
    expect(openSecret(key, sealed)).toBe('client-secret-ü');
  });

  it('seals the same secret differently each time (a fresh IV)', () => {
    expect(sealSecret(key, 'same')).not.toBe(sealSecret(key, 'same'));
  });

  it('refuses another key and a changed byte', () => {
    const sealed = sealSecret(key, 'secret');
    expect(() => openSecret(randomBytes(32), sealed)).toThrow(SecretBoxError);
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3] ?? '', 'base64url');
    body[0] = (body[0] ?? 0) ^ 1;
    expect(() => openSecret(key, [parts[0], parts[1], parts[2], body.toString('base64url')].join('.'))).toThrow(SecretBoxError);
    expect(() => openSecret(key, 'garbage')).toThrow(SecretBoxError);
  });
});

describe('SSO_SECRET_KEY', () => {
  const production = {
    NODE_ENV: 'production',
    JWT_SECRET: 'x'.repeat(32),
    PUBLIC_URL: 'https://plansmith.example.com',
    SMTP_URL: 'smtp://mail.example.com',
    STRIPE_SECRET_KEY: 'sk_test_1',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
    STRIPE_WEBHOOK_SECRET: 'whsec_1',
    DATA_DIR: 'memory://',
  };

  it('reads 64 hex characters or base64 of 32 bytes as the same key', () => {
    const hex = randomBytes(32).toString('hex');
    const base64 = Buffer.from(hex, 'hex').toString('base64');
    expect(loadConfig({ ...production, SSO_SECRET_KEY: hex }).secretKey?.toString('hex')).toBe(hex);
    expect(loadConfig({ ...production, SSO_SECRET_KEY: base64 }).secretKey?.toString('hex')).toBe(hex);
  });

  it('refuses a key that is not 32 bytes, naming the variable', () => {
    expect(() => loadConfig({ ...production, SSO_SECRET_KEY: 'abc123' })).toThrow(/SSO_SECRET_KEY: must be 32 bytes/);
  });

  it('is absent in production when not set (saving a secret is then refused), generated outside production', () => {
    expect(loadConfig(production).secretKey).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'development', DATA_DIR: 'memory://' }).secretKey).toHaveLength(32);
  });
});
