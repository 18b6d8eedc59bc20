import { API_TOKEN_PREFIX, type ApiTokenScope, type PlanCode } from '@plansmith/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { definePreparedRead } from '../db/client.ts';
import { tenantRowCache } from '../db/tenant-row-cache.ts';
import { unauthorized } from '../lib/http-errors.ts';
import { authenticateApiToken } from './api-token-auth.ts';
import type { TenantRoleCode } from '../schema/tenants.ts';

/** Who is calling, taken from the access token and checked against the database on every request. */
export type AuthContext = {
  userId: string;
  tenantId: string;
  role: TenantRoleCode;
  planCode: PlanCode;
  /** The tenant's IANA time zone: "today" for this caller is the day there (lib/today.ts callerToday). */
  timeZone: string;
  email: string;
  tokenVersion: number;
  /** Set when the caller came with an API token (DESIGN.md §18) instead of a session's access token. */
  apiToken?: { id: string; scope: ApiTokenScope };
};

const BEARER = /^Bearer\s+(\S+)$/i;

type CallerRow = { role: TenantRoleCode; active: boolean; tokenVersion: number; email: string; planCode: PlanCode; timeZone: string };

// Runs on every authenticated request: one statement prepared once per database (schema/tenants.ts:
// users, tenants), its row kept in the tenant row cache, which drops it whenever the user or the
// tenant changes (a logout, a password change or a deactivation bumps or clears what is checked).
const callerById = definePreparedRead<CallerRow>(
  'auth_caller',
  `SELECT u.tenant_role AS "role", u.active, u.token_version AS "tokenVersion", u.email, t.plan_code AS "planCode", t.time_zone AS "timeZone"
     FROM users u JOIN tenants t ON t.id = u.tenant_id
    WHERE u.tenant_id = $1 AND u.id = $2`,
);

/**
 * Verifies the bearer token. The user must still exist, be active and carry the token version
 * of the token: logout, password change and deactivation bump it, ending every issued token.
 */
export const authenticate = async (ctx: AppContext, request: FastifyRequest): Promise<AuthContext | null> => {
  const header = request.headers.authorization;
  const match = header ? BEARER.exec(header) : null;
  if (!match?.[1]) return null;
  // An API token (psk_…) is looked up by its hash; a session's JWT never starts with it.
  if (match[1].startsWith(API_TOKEN_PREFIX)) return authenticateApiToken(ctx, match[1]);
  const claims = await ctx.jwt.verify(match[1], ctx.clock.now());
  if (!claims) return null;
  const row = await tenantRowCache(ctx.database).read(claims.tid, `caller:${claims.sub}`, async () => {
    const [found] = await callerById(ctx.database)([claims.tid, claims.sub]);
    return found;
  });
  if (!row?.active || row.tokenVersion !== claims.ver) return null;
  return {
    userId: claims.sub,
    tenantId: claims.tid,
    role: row.role,
    planCode: row.planCode,
    timeZone: row.timeZone,
    email: row.email,
    tokenVersion: row.tokenVersion,
  };
};

export const requireAuth = async (ctx: AppContext, request: FastifyRequest): Promise<AuthContext> => {
  const auth = await authenticate(ctx, request);
  if (!auth) throw unauthorized();
  return auth;
};
