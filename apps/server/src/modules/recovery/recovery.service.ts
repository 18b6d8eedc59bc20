import { RECOVERY_KEY_INVALID_MESSAGE, RECOVERY_TTL_MS, SSO_REQUIRED_MESSAGE } from '@plansmith/contract';
import type { AppContext } from '../../context.ts';
import { fieldError, forbidden, HttpError } from '../../lib/http-errors.ts';
import { newId } from '../../lib/ids.ts';
import { checkPasswordRules, hashPassword } from '../../lib/passwords.ts';
import { generateKey, hashKey } from '../../lib/secrets.ts';
import { findUser, findUserByEmail, isSsoRequired, revokeAllSessions, updatePasswordHash } from '../identity/index.ts';
import { consumeKey, findUsableKey, insertUserKey, revokeUserKeys } from '../identity/index.ts';
import { recordSecurityEvent } from '../audit/index.ts';
import { enqueueMail } from '../mail/index.ts';
import { buildPublicUrl, renderRecoveryMail } from '../mail/index.ts';
import type { AnonymousLimiter } from './anonymous-limiter.ts';

const invalidKey = () => new HttpError(400, RECOVERY_KEY_INVALID_MESSAGE, [{ Field: 'Key', Message: RECOVERY_KEY_INVALID_MESSAGE }]);

export const createRecoveryService = (ctx: AppContext, limiter: AnonymousLimiter) => ({
  /**
   * Mails a one-hour reset link to an active account that has a password. Unknown, inactive and
   * not-yet-joined accounts get the same answer and no mail (DESIGN.md §3). A new link voids
   * the earlier ones.
   */
  start: async (username: string, ip: string): Promise<true> => {
    await limiter.takeRecoveryStart(ip);
    const email = username.trim().toLowerCase();
    const user = await findUserByEmail(ctx.db, email);
    if (!user?.active || !user.passwordHash || !(await limiter.mayMailAccount(email))) return true;
    // An account that requires single sign-on has no password to reset for its people (the Owner's stays).
    if (await isSsoRequired(ctx.db, user)) return true;
    await ctx.db.transaction(async (tx) => {
      const now = ctx.clock.now();
      const key = generateKey();
      await revokeUserKeys(tx, user.tenantId, user.id, 'recovery', now);
      await insertUserKey(tx, {
        tenantId: user.tenantId,
        id: newId(),
        userId: user.id,
        purpose: 'recovery',
        keyHash: hashKey(key),
        expiresAt: new Date(now.getTime() + RECOVERY_TTL_MS),
        createdBy: null,
        now,
      });
      const mail = renderRecoveryMail({
        firstName: user.firstName,
        url: buildPublicUrl(ctx.config.publicUrl, '/recoverpassword', { key }),
      });
      await enqueueMail(tx, { ...mail, to: user.email, kind: 'recovery', tenantId: user.tenantId }, now);
    });
    return true;
  },

  /** Sets a new password with a recovery key: single use, rules applied, every session ended. */
  reset: async (input: { key: string; password: string; confirmPassword?: string | undefined; ip: string }): Promise<true> => {
    await limiter.takeKeyAttempt(input.ip);
    if (input.confirmPassword !== undefined && input.confirmPassword !== input.password) {
      throw fieldError('ConfirmPassword', 'Passwords do not match!');
    }
    const keyHash = hashKey(input.key);
    const row = await findUsableKey(ctx.db, keyHash, 'recovery', ctx.clock.now());
    const user = row ? await findUser(ctx.db, row.tenantId, row.userId) : null;
    if (!user?.active) throw invalidKey();
    if (await isSsoRequired(ctx.db, user)) throw forbidden(SSO_REQUIRED_MESSAGE);
    const ruleBroken = checkPasswordRules(input.password, { email: user.email });
    if (ruleBroken) throw fieldError('Password', ruleBroken);
    const passwordHash = await hashPassword(input.password);
    await ctx.db.transaction(async (tx) => {
      const now = ctx.clock.now();
      const used = await consumeKey(tx, keyHash, 'recovery', now);
      if (!used) throw invalidKey();
      await updatePasswordHash(tx, used.tenantId, used.userId, passwordHash, now);
      await revokeAllSessions(tx, used.tenantId, used.userId, now);
      await revokeUserKeys(tx, used.tenantId, used.userId, 'recovery', now);
      await recordSecurityEvent(tx, {
        tenantId: used.tenantId,
        kind: 'password_reset',
        userId: null,
        subjectUserId: used.userId,
        email: user.email,
        ip: input.ip,
        entityType: 'User',
        entityId: used.userId,
        summary: `${user.email} set a new password with a reset link; every session ended`,
        at: now,
      });
    });
    return true;
  },
});
