import {
  API_TOKEN_PREFIX,
  API_TOKEN_SCOPE_CODES,
  API_TOKENS_PER_PERSON,
  type ApiToken,
  type ApiTokenCreated,
  type ApiTokenCreateRequest,
} from '@plansmith/contract';
import type { AppContext } from '../../context.ts';
import { badRequest, notFound } from '../../lib/http-errors.ts';
import { newId } from '../../lib/ids.ts';
import { generateKey, hashKey } from '../../lib/secrets.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { recordSecurityEvent } from '../audit/index.ts';
import * as repo from './api-tokens.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const SCOPE_OF_CODE = { 1: 'read', 2: 'read-write' } as const;

/** Owners and Admins see and revoke every token of the account; everyone else their own. */
const seesEveryToken = (auth: AuthContext) => auth.role === 'owner' || auth.role === 'admin';

const toApiToken = (row: repo.ApiTokenRow, now: Date): ApiToken => ({
  Id: row.id,
  Name: row.name,
  Scope: SCOPE_OF_CODE[row.scope],
  Prefix: row.prefix,
  UserId: row.userId,
  UserName: `${row.firstName} ${row.lastName}`.trim() || row.email,
  CreatedAt: row.createdAt.toISOString(),
  ExpiresAt: row.expiresAt.toISOString(),
  LastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  RevokedAt: row.revokedAt?.toISOString() ?? null,
  Status: row.revokedAt ? 'revoked' : row.expiresAt <= now ? 'expired' : 'active',
});

/** A new token: psk_ + 32 random bytes (base64url); only its SHA-256 is stored. */
export const mintApiToken = (): { token: string; hash: string; prefix: string } => {
  const secret = generateKey();
  const token = `${API_TOKEN_PREFIX}${secret}`;
  return { token, hash: hashKey(token), prefix: secret.slice(0, 8) };
};

export const createApiTokensService = (ctx: AppContext) => ({
  list: async (auth: AuthContext): Promise<ApiToken[]> => {
    const now = ctx.clock.now();
    const rows = await repo.listTokens(ctx.db, auth.tenantId, seesEveryToken(auth) ? null : auth.userId);
    return rows.map((row) => toApiToken(row, now));
  },

  create: async (auth: AuthContext, body: ApiTokenCreateRequest, ip: string): Promise<ApiTokenCreated> => {
    const now = ctx.clock.now();
    const { token, hash, prefix } = mintApiToken();
    const id = newId();
    await ctx.db.transaction(async (tx) => {
      if ((await repo.countLiveTokens(tx, auth.tenantId, auth.userId, now)) >= API_TOKENS_PER_PERSON)
        throw badRequest(`You already have ${API_TOKENS_PER_PERSON} active API tokens: revoke one you no longer use first.`);
      await repo.insertToken(tx, {
        tenantId: auth.tenantId,
        id,
        userId: auth.userId,
        name: body.Name,
        scope: API_TOKEN_SCOPE_CODES[body.Scope],
        tokenHash: hash,
        prefix,
        expiresAt: new Date(now.getTime() + body.ExpiresInDays * DAY_MS),
        createdAt: now,
      });
      await recordSecurityEvent(tx, {
        tenantId: auth.tenantId,
        kind: 'token_created',
        userId: auth.userId,
        subjectUserId: auth.userId,
        ip,
        entityType: 'ApiToken',
        entityId: id,
        summary: `Created API token '${body.Name}' (${body.Scope}, ${prefix}…, expires in ${body.ExpiresInDays} days)`,
        at: now,
      });
    });
    return { Id: id, Token: token };
  },

  revoke: async (auth: AuthContext, id: string, ip: string): Promise<ApiToken> => {
    const now = ctx.clock.now();
    return ctx.db.transaction(async (tx) => {
      const row = await repo.findToken(tx, auth.tenantId, id);
      // Someone else's token is not found for a Member: its existence is not theirs to learn.
      if (!row || (row.userId !== auth.userId && !seesEveryToken(auth))) throw notFound('The API token');
      if (row.revokedAt) return toApiToken(row, now);
      await repo.revokeToken(tx, auth.tenantId, id, auth.userId, now);
      await recordSecurityEvent(tx, {
        tenantId: auth.tenantId,
        kind: 'token_revoked',
        userId: auth.userId,
        subjectUserId: row.userId,
        ip,
        entityType: 'ApiToken',
        entityId: id,
        summary: `Revoked API token '${row.name}' (${SCOPE_OF_CODE[row.scope]}, ${row.prefix}…)`,
        at: now,
      });
      return toApiToken({ ...row, revokedAt: now }, now);
    });
  },
});
