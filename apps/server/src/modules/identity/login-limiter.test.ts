import { CLIENT_ID } from '@plansmith/contract';
import { describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const LOGIN = '/api/identity/token/user';

describe('where the failed sign-in counts live', () => {
  it('in the rate_limits table on PostgreSQL, in memory on PGlite', async () => {
    const t = await createTestApp({ loginLimits: { perAccount: 5, perIp: 100 } });
    try {
      await t.post(LOGIN, { Username: 'nobody@example.test', Password: 'wrong-password', ClientId: CLIENT_ID });
      const rows = await t.database.queryRows<{ key: string; points: number }>('SELECT key, points FROM rate_limits ORDER BY key');
      if (t.database.kind === 'postgres') {
        expect(rows).toEqual([
          { key: 'login-account:nobody@example.test', points: 1 },
          { key: 'login-ip:127.0.0.1', points: 1 },
          { key: 'login-pair:nobody@example.test|127.0.0.1', points: 1 },
        ]);
      } else {
        expect(rows).toEqual([]);
      }
    } finally {
      await t.close();
    }
  });
});

describe('the client address the limits count behind a proxy (TRUST_PROXY)', () => {
  const failFrom = (t: TestApp, forwardedFor: string, attempt: number) =>
    t.request({
      url: LOGIN,
      body: { Username: `guess-${attempt}@example.test`, Password: 'wrong-password', ClientId: CLIENT_ID },
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it.each([
    ['true', true],
    ['the proxy address', ['127.0.0.1']],
    ['one hop', 1],
  ] as const)('with TRUST_PROXY set to %s, X-Forwarded-For decides the address', async (_label, trustProxy) => {
    const t = await createTestApp({
      loginLimits: { perAccount: 100, perIp: 2 },
      config: { trustProxy: typeof trustProxy === 'object' ? [...trustProxy] : trustProxy },
    });
    try {
      expect((await failFrom(t, '203.0.113.7', 1)).status).toBe(401);
      expect((await failFrom(t, '203.0.113.7', 2)).status).toBe(401);
      expect((await failFrom(t, '203.0.113.7', 3)).status).toBe(429);
      // Another client behind the same proxy is not blocked.
      expect((await failFrom(t, '198.51.100.9', 4)).status).toBe(401);
    } finally {
      await t.close();
    }
  });

  it('without TRUST_PROXY, X-Forwarded-For is ignored: the connection address is counted', async () => {
    const t = await createTestApp({ loginLimits: { perAccount: 100, perIp: 2 } });
    try {
      expect((await failFrom(t, '203.0.113.7', 1)).status).toBe(401);
      expect((await failFrom(t, '198.51.100.9', 2)).status).toBe(401);
      expect((await failFrom(t, '192.0.2.44', 3)).status).toBe(429);
    } finally {
      await t.close();
    }
  });
});
