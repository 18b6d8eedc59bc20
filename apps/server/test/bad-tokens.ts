import { eq } from 'drizzle-orm';
import { users } from '../src/schema/tenants.ts';
import { createApiToken } from './api-token-factories.ts';
import type { TestTenant } from './factories.ts';
import type { TestApp } from './test-app.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const decodePart = (part: string | undefined) => JSON.parse(Buffer.from(part ?? '', 'base64url').toString()) as Record<string, unknown>;

/**
 * Tokens that must never pass: one revoked by logout, one of a user deactivated since, one whose
 * claims were changed after signing (now naming another tenant's owner), one with `alg: none`,
 * one that expired, and API tokens revoked, expired, or of a creator deactivated since. `victim` lends its real token; `spare` gives up two of its users.
 */
export const badTokens = async (t: TestApp, victim: TestTenant, spare: TestTenant, other: TestTenant): Promise<Record<string, string>> => {
  const loggedOut = await spare.tokenFor('owner');
  const logout = await t.post('/api/identity/token/logout', {}, loggedOut);
  if (logout.status !== 200) throw new Error(`logout failed: ${logout.text}`);

  const deactivated = await spare.tokenFor('admin');
  const deactivatedCreator = await createApiToken(t, spare, 'admin', 'read-write');
  await t.ctx.db.update(users).set({ active: false }).where(eq(users.id, spare.users.admin.id));

  const [header, payload, signature] = (await victim.tokenFor('owner')).split('.');
  const claims = decodePart(payload);
  const tampered = [header, base64url({ ...claims, sub: other.users.owner.id, tid: other.id }), signature].join('.');
  const algNone = [base64url({ alg: 'none', typ: 'JWT' }), payload, ''].join('.');

  const [row] = await t.ctx.db.select({ version: users.tokenVersion }).from(users).where(eq(users.id, victim.users.owner.id));
  const expired = await t.ctx.jwt.sign(
    { userId: victim.users.owner.id, tenantId: victim.id, tokenVersion: row?.version ?? 0 },
    new Date(t.clock.now().getTime() - DAY_MS),
    900,
  );
  // API tokens (DESIGN.md §18) of the victim's Owner that must not pass either.
  const now = t.clock.now();
  const revokedApiToken = await createApiToken(t, victim, 'owner', 'read-write', { revokedAt: now });
  const expiredApiToken = await createApiToken(t, victim, 'owner', 'read-write', { expiresAt: now });
  return {
    'token after logout': loggedOut,
    'deactivated user': deactivated,
    tampered,
    'alg none': algNone,
    expired: expired.token,
    'revoked API token': revokedApiToken,
    'expired API token': expiredApiToken,
    'API token of a deactivated creator': deactivatedCreator,
  };
};
