import { INVITATION_UNVERIFIED_MESSAGE, type InvitationInfo, type TokenResponse } from '@plansmith/contract';
import type { AppContext } from '../../context.ts';
import { fieldError, HttpError } from '../../lib/http-errors.ts';
import { checkPasswordRules, hashPassword } from '../../lib/passwords.ts';
import { hashKey } from '../../lib/secrets.ts';
import { recordSecurityEvent } from '../audit/index.ts';
import { findUser, updatePasswordHash } from '../identity/index.ts';
import { issueTokens } from '../identity/index.ts';
import { findTenant } from '../tenants/index.ts';
import { consumeKey, findUsableKey, revokeUserKeys } from '../identity/index.ts';

/** An unknown, used, revoked or expired key, and a person who can no longer join, answer alike. */
const unverified = () => new HttpError(404, INVITATION_UNVERIFIED_MESSAGE);

export const createInvitationsService = (ctx: AppContext) => {
  /** The invited person behind a usable key, who must still be active and not have joined. */
  const findInvitee = async (key: string) => {
    const row = await findUsableKey(ctx.db, hashKey(key), 'invitation', ctx.clock.now());
    if (!row) return null;
    const user = await findUser(ctx.db, row.tenantId, row.userId);
    if (!user?.active || user.passwordHash) return null;
    return user;
  };

  return {
    validate: async (key: string): Promise<InvitationInfo> => {
      const user = await findInvitee(key);
      const tenant = user ? await findTenant(ctx.db, user.tenantId) : null;
      if (!user || !tenant) throw unverified();
      return { FirstName: user.firstName, CompanyName: tenant.name, Email: user.email };
    },

    /**
     * Sets the password (DESIGN.md §7.5: the two must match and follow the rules), uses the key up, signs in;
     * the audit log records that first sign-in like any other (DESIGN.md §18).
     */
    complete: async (
      input: { InvitationKey: string; Password: string; ConfirmPassword?: string | undefined },
      ip: string,
    ): Promise<TokenResponse> => {
      if (input.ConfirmPassword !== undefined && input.ConfirmPassword !== input.Password) {
        throw fieldError('ConfirmPassword', 'Passwords do not match!');
      }
      const invitee = await findInvitee(input.InvitationKey);
      if (!invitee) throw unverified();
      const ruleBroken = checkPasswordRules(input.Password, { email: invitee.email });
      if (ruleBroken) throw fieldError('Password', ruleBroken);
      const passwordHash = await hashPassword(input.Password);
      return ctx.db.transaction(async (tx) => {
        const now = ctx.clock.now();
        const used = await consumeKey(tx, hashKey(input.InvitationKey), 'invitation', now);
        if (!used) throw unverified();
        const user = await findUser(tx, used.tenantId, used.userId);
        if (!user?.active || user.passwordHash) throw unverified();
        await updatePasswordHash(tx, user.tenantId, user.id, passwordHash, now);
        await revokeUserKeys(tx, user.tenantId, user.id, 'invitation', now);
        const tokens = await issueTokens(ctx, tx, user);
        await recordSecurityEvent(tx, {
          tenantId: user.tenantId,
          kind: 'sign_in',
          userId: user.id,
          subjectUserId: user.id,
          email: user.email,
          ip,
          entityType: 'User',
          entityId: user.id,
          summary: `Signed in as ${user.email} on accepting the invitation`,
          at: now,
        });
        return tokens;
      });
    },
  };
};
