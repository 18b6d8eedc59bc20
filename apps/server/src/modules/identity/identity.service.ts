import { ACCESS_TOKEN_TTL_SECONDS, SSO_REQUIRED_MESSAGE, type TokenResponse } from '@plansmith/contract';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, HttpError, unauthorized } from '../../lib/http-errors.ts';
import { newId } from '../../lib/ids.ts';
import { checkPasswordRules, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { generateKey, hashKey } from '../../lib/secrets.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { recordSecurityEvent } from '../audit/index.ts';
import * as repo from './identity.repository.ts';
import type { LoginLimiter } from './login-limiter.ts';
import { isSsoRequired } from './sso-required.ts';

/** A refresh family ends after 60 idle minutes or 12 hours in all (DESIGN.md §3). */
export const REFRESH_IDLE_MS = 60 * 60_000;
export const REFRESH_ABSOLUTE_MS = 12 * 60 * 60_000;

export const LOGIN_FAILED = 'Login Failed';

type SessionUser = { tenantId: string; id: string; tokenVersion: number };

/** Signs an access token and stores a new refresh token, in a new family or an existing one. */
export const issueTokens = async (
  ctx: AppContext,
  db: Db,
  user: SessionUser,
  family?: { familyId: string; familyStartedAt: Date },
): Promise<TokenResponse> => {
  const now = ctx.clock.now();
  const access = await ctx.jwt.sign(
    { userId: user.id, tenantId: user.tenantId, tokenVersion: user.tokenVersion },
    now,
    ACCESS_TOKEN_TTL_SECONDS,
  );
  const refreshToken = generateKey();
  await repo.insertRefreshToken(db, {
    tenantId: user.tenantId,
    id: newId(),
    userId: user.id,
    familyId: family?.familyId ?? newId(),
    familyStartedAt: family?.familyStartedAt ?? now,
    tokenHash: hashKey(refreshToken),
    createdAt: now,
  });
  return { AccessToken: access.token, RefreshToken: refreshToken, Expiration: access.expiresAt.toISOString() };
};

/** The fields of a sign-in's security event (who, the address used, from where). */
const signInEvent = (user: { tenantId: string; id: string }, email: string, ip: string) => ({
  tenantId: user.tenantId,
  userId: null,
  subjectUserId: user.id,
  email,
  ip,
  entityType: 'User',
  entityId: user.id,
});

export const createIdentityService = (ctx: AppContext, limiter: LoginLimiter) => ({
  /** Same answer and similar cost for an unknown e-mail, a wrong password and an inactive account. */
  login: async (username: string, password: string, ip: string): Promise<TokenResponse> => {
    const email = username.trim().toLowerCase();
    await limiter.assertAllowed(email, ip);
    const user = await repo.findUserByEmail(ctx.db, email);
    const passwordMatches = await verifyPassword(user?.passwordHash, password);
    if (!user || !passwordMatches || !user.active) {
      await limiter.recordFailure(email, ip);
      // The account's audit log (DESIGN.md §18) hears of a failed sign-in on one of its people; an
      // address nobody has belongs to no account, so no log records it (the limiter still counts it).
      if (user) {
        const why = passwordMatches ? 'the account is deactivated' : 'wrong password';
        await recordSecurityEvent(ctx.db, {
          ...signInEvent(user, email, ip),
          kind: 'sign_in_failed',
          summary: `Failed sign-in as ${email}: ${why}`,
          at: ctx.clock.now(),
        });
      }
      throw new HttpError(401, LOGIN_FAILED);
    }
    await limiter.recordSuccess(email, ip);
    // "Require SSO" (DESIGN.md §18): the right password of one of the account's people is refused with
    // where to go instead; the Owner's stays (break-glass).
    if (await isSsoRequired(ctx.db, user)) {
      await recordSecurityEvent(ctx.db, {
        ...signInEvent(user, email, ip),
        kind: 'sign_in_failed',
        summary: `Failed sign-in as ${email}: the account requires single sign-on`,
        at: ctx.clock.now(),
      });
      throw new HttpError(403, SSO_REQUIRED_MESSAGE);
    }
    return ctx.db.transaction(async (tx) => {
      const tokens = await issueTokens(ctx, tx, user);
      await recordSecurityEvent(tx, {
        ...signInEvent(user, email, ip),
        kind: 'sign_in',
        userId: user.id,
        summary: `Signed in as ${email} with a password`,
        at: ctx.clock.now(),
      });
      return tokens;
    });
  },

  /** Rotates a refresh token; a replayed one revokes its whole family (RFC 9700 §4.14.2). */
  refresh: async (refreshToken: string): Promise<TokenResponse> => {
    const now = ctx.clock.now();
    const outcome = await ctx.db.transaction(async (tx) => {
      const row = await repo.findRefreshTokenByHash(tx, hashKey(refreshToken));
      if (!row || row.revokedAt) return { ok: false as const };
      const expired =
        now.getTime() - row.createdAt.getTime() > REFRESH_IDLE_MS || now.getTime() - row.familyStartedAt.getTime() > REFRESH_ABSOLUTE_MS;
      if (row.usedAt || expired || !(await repo.markRefreshTokenUsed(tx, row.tenantId, row.id, now))) {
        await repo.revokeFamily(tx, row.tenantId, row.familyId, now);
        return { ok: false as const };
      }
      const user = await repo.findUser(tx, row.tenantId, row.userId);
      if (!user?.active) return { ok: false as const };
      const tokens = await issueTokens(ctx, tx, user, { familyId: row.familyId, familyStartedAt: row.familyStartedAt });
      return { ok: true as const, tokens };
    });
    if (!outcome.ok) throw unauthorized('Your session has ended. Please sign in again.');
    return outcome.tokens;
  },

  logout: async (auth: AuthContext): Promise<void> => {
    await ctx.db.transaction(async (tx) => {
      await repo.revokeAllSessions(tx, auth.tenantId, auth.userId, ctx.clock.now());
    });
  },

  /** Changes the password, ends every session, and starts a fresh one for the caller. */
  changePassword: async (auth: AuthContext, currentPassword: string, newPassword: string, ip?: string): Promise<TokenResponse> => {
    const user = await repo.findUser(ctx.db, auth.tenantId, auth.userId);
    if (!user) throw unauthorized();
    if (!(await verifyPassword(user.passwordHash, currentPassword))) {
      throw badRequest('Your current password is not correct.', [
        { Field: 'CurrentPassword', Message: 'Your current password is not correct.' },
      ]);
    }
    const ruleBroken = checkPasswordRules(newPassword, { email: user.email });
    if (ruleBroken) throw badRequest(ruleBroken, [{ Field: 'NewPassword', Message: ruleBroken }]);
    const passwordHash = await hashPassword(newPassword);
    return ctx.db.transaction(async (tx) => {
      const now = ctx.clock.now();
      await repo.updatePasswordHash(tx, auth.tenantId, auth.userId, passwordHash, now);
      const tokenVersion = await repo.revokeAllSessions(tx, auth.tenantId, auth.userId, now);
      await recordSecurityEvent(tx, {
        tenantId: auth.tenantId,
        kind: 'password_changed',
        userId: auth.userId,
        subjectUserId: auth.userId,
        ip: ip ?? null,
        entityType: 'User',
        entityId: auth.userId,
        summary: `${user.email} changed their password; their other sessions ended`,
        at: now,
      });
      return issueTokens(ctx, tx, { tenantId: auth.tenantId, id: auth.userId, tokenVersion });
    });
  },
});
