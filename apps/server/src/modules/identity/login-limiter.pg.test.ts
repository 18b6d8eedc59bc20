// Runs only in the PostgreSQL pass (vitest.config.ts): two instances share one database only there.
import { CLIENT_ID } from '@plansmith/contract';
import { describe, expect, it } from 'vitest';
import { createTenant, TEST_PASSWORD } from '../../../test/factories.ts';
import { createSecondInstance, createTestApp } from '../../../test/test-app.ts';

const LOGIN = '/api/identity/token/user';

describe('two instances on one PostgreSQL database (PostgreSQL only)', () => {
  it('share the failed sign-in count: after five failures from one address across both, the next attempt waits, even with the right password', async () => {
    const first = await createTestApp({ loginLimits: { perAccountAndIp: 5, perAccount: 100, perIp: 100 } });
    const second = await createSecondInstance(first, { loginLimits: { perAccountAndIp: 5, perAccount: 100, perIp: 100 } });
    try {
      const email = (await createTenant(first)).users.owner.email;
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const instance = attempt % 2 === 0 ? first : second;
        const response = await instance.post(LOGIN, { Username: email, Password: 'wrong-password', ClientId: CLIENT_ID });
        expect(response.status).toBe(401);
      }
      for (const instance of [first, second]) {
        const blocked = await instance.post(LOGIN, { Username: email, Password: TEST_PASSWORD, ClientId: CLIENT_ID });
        expect(blocked.status).toBe(429);
        expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      }
    } finally {
      await second.close();
      await first.close();
    }
  });
});
