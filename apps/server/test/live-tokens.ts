import { login, type TestTenant } from './factories.ts';
import type { TestApp } from './test-app.ts';

export type Who = keyof TestTenant['users'];

/**
 * Access tokens that stay usable while a suite calls logout and the like: `get` checks the cached
 * token (GET /api/identity/token/valid) and signs in again when it was revoked; `cached` skips the
 * check and `renew` signs in again, for loops that only renew after a 401.
 */
export const liveTokens = (t: TestApp, tenant: TestTenant) => {
  const cache = new Map<Who, string>();
  const renew = async (who: Who): Promise<string> => {
    const token = (await login(t, tenant.users[who].email)).AccessToken;
    cache.set(who, token);
    return token;
  };
  return {
    get: async (who: Who): Promise<string> => {
      const cached = cache.get(who);
      if (cached && (await t.get('/api/identity/token/valid', cached)).status === 200) return cached;
      return renew(who);
    },
    cached: async (who: Who): Promise<string> => cache.get(who) ?? renew(who),
    renew,
  };
};
