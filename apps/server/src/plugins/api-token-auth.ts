import { API_TOKEN_REQUESTS_PER_MINUTE, type PlanCode } from '@plansmith/contract';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { AppContext } from '../context.ts';
import { definePreparedRead } from '../db/client.ts';
import { consumeOrThrow } from '../lib/rate-limits.ts';
import { hashKey } from '../lib/secrets.ts';
import { apiTokens } from '../schema/api-tokens.ts';
import type { TenantRoleCode } from '../schema/tenants.ts';
import type { AuthContext } from './auth.ts';

const LAST_USED_EVERY_MS = 60_000;

type TokenRow = {
  tenantId: string;
  id: string;
  userId: string;
  scope: 1 | 2;
  expiresAt: Date;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  role: TenantRoleCode;
  active: boolean;
  tokenVersion: number;
  email: string;
  planCode: PlanCode;
  timeZone: string;
};

// The token and its creator as they are now (role, active, plan), read on every call made with a
// token: nothing kept in memory, so a revocation or deactivation stops the very next call. The hash
// is unique across tenants (32 random bytes): this is how the tenant is found (docs/operations.md).
const tokenByHash = definePreparedRead<TokenRow>(
  'auth_api_token',
  `SELECT k.tenant_id AS "tenantId", k.id, k.user_id AS "userId", k.scope, k.expires_at AS "expiresAt",
          k.revoked_at AS "revokedAt", k.last_used_at AS "lastUsedAt",
          u.tenant_role AS "role", u.active, u.token_version AS "tokenVersion", u.email,
          t.plan_code AS "planCode", t.time_zone AS "timeZone"
     FROM api_tokens k
     JOIN users u ON u.tenant_id = k.tenant_id AND u.id = k.user_id
     JOIN tenants t ON t.id = k.tenant_id
    WHERE k.token_hash = $1`,
);

// One limiter per app (shared by every instance on PostgreSQL through the rate_limits table).
const limiters = new WeakMap<AppContext, RateLimiterAbstract>();
const limiterOf = (ctx: AppContext): RateLimiterAbstract => {
  let limiter = limiters.get(ctx);
  if (!limiter) {
    limiter = ctx.rateLimiter({ keyPrefix: 'api-token', points: API_TOKEN_REQUESTS_PER_MINUTE, duration: 60 });
    limiters.set(ctx, limiter);
  }
  return limiter;
};

const toDate = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

/**
 * The caller of a `Bearer psk_…` request: the token's creator with their current role, or null (401)
 * when the token is unknown, revoked or expired or its creator is deactivated. Past the token's rate
 * limit it throws 429. Its last-used time is written at most once a minute.
 */
export const authenticateApiToken = async (ctx: AppContext, token: string): Promise<AuthContext | null> => {
  const [row] = await tokenByHash(ctx.database)([hashKey(token)]);
  const now = ctx.clock.now();
  if (!row || row.revokedAt !== null || !row.active) return null;
  if ((toDate(row.expiresAt) ?? now) <= now) return null;
  await consumeOrThrow(limiterOf(ctx), row.id, 'This API token made too many requests. Please wait and try again.');
  const lastUsed = toDate(row.lastUsedAt);
  if (!lastUsed || now.getTime() - lastUsed.getTime() >= LAST_USED_EVERY_MS) {
    // The condition again in the statement: several instances write it once a minute between them.
    await ctx.db
      .update(apiTokens)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(apiTokens.tenantId, row.tenantId),
          eq(apiTokens.id, row.id),
          or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, new Date(now.getTime() - LAST_USED_EVERY_MS + 1))),
        ),
      );
  }
  return {
    userId: row.userId,
    tenantId: row.tenantId,
    role: row.role,
    planCode: row.planCode,
    timeZone: row.timeZone,
    email: row.email,
    tokenVersion: row.tokenVersion,
    apiToken: { id: row.id, scope: row.scope === 1 ? 'read' : 'read-write' },
  };
};
