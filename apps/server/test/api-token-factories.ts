import { newId } from '../src/lib/ids.ts';
import { mintApiToken } from '../src/modules/api-tokens/index.ts';
import { apiTokens } from '../src/schema/api-tokens.ts';
import type { TestTenant } from './factories.ts';
import type { TestApp } from './test-app.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * An API token of one of the tenant's people, written straight to the database (the generated suites
 * make one per case: the route's own tests are in modules/api-tokens). Its last use is now, so calling
 * it again before the test clock moves changes nothing a tenant snapshot would see.
 */
export const createApiToken = async (
  t: TestApp,
  tenant: TestTenant,
  who: keyof TestTenant['users'],
  scope: 'read' | 'read-write',
  options: { expiresAt?: Date; revokedAt?: Date } = {},
): Promise<string> => {
  const { token, hash, prefix } = mintApiToken();
  const now = t.clock.now();
  await t.ctx.db.insert(apiTokens).values({
    tenantId: tenant.id,
    id: newId(),
    userId: tenant.users[who].id,
    name: `${who} ${scope}`,
    scope: scope === 'read' ? 1 : 2,
    tokenHash: hash,
    prefix,
    expiresAt: options.expiresAt ?? new Date(now.getTime() + 30 * DAY_MS),
    lastUsedAt: now,
    revokedAt: options.revokedAt ?? null,
    createdAt: now,
  });
  return token;
};
