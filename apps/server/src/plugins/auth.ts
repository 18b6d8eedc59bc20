import type { PlanCode } from '@plansmith/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { unauthorized } from '../lib/http-errors.ts';
import { tenants, type TenantRoleCode, users } from '../schema/tenants.ts';

/** Who is calling, taken from the access token and checked against the database on every request. */
export type AuthContext = {
  userId: string;
  tenantId: string;
  role: TenantRoleCode;
  planCode: PlanCode;
  email: string;
  tokenVersion: number;
};

const BEARER = /^Bearer\s+(\S+)$/i;

/**
 * Verifies the bearer token. The user must still exist, be active and carry the token version
 * of the token: logout, password change and deactivation bump it, ending every issued token.
 */
export const authenticate = async (ctx: AppContext, request: FastifyRequest): Promise<AuthContext | null> => {
  const header = request.headers.authorization;
  const match = header ? BEARER.exec(header) : null;
  if (!match?.[1]) return null;
  const claims = await ctx.jwt.verify(match[1], ctx.clock.now());
  if (!claims) return null;
  const [row] = await ctx.db
    .select({
      role: users.tenantRole,
      active: users.active,
      tokenVersion: users.tokenVersion,
      email: users.email,
      planCode: tenants.planCode,
    })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(and(eq(users.tenantId, claims.tid), eq(users.id, claims.sub)))
    .limit(1);
  if (!row?.active || row.tokenVersion !== claims.ver) return null;
  return {
    userId: claims.sub,
    tenantId: claims.tid,
    role: row.role,
    planCode: row.planCode,
    email: row.email,
    tokenVersion: row.tokenVersion,
  };
};

export const requireAuth = async (ctx: AppContext, request: FastifyRequest): Promise<AuthContext> => {
  const auth = await authenticate(ctx, request);
  if (!auth) throw unauthorized();
  return auth;
};
