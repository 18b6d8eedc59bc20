import { INVITATION_TTL_MS } from '@plansmith/contract';
import type { AppContext } from '../../context.ts';
import { badRequest, conflict, notFound } from '../../lib/http-errors.ts';
import { newId } from '../../lib/ids.ts';
import { generateKey, hashKey } from '../../lib/secrets.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { insertUserKey, revokeUserKeys } from '../identity/index.ts';
import { enqueueMail } from '../mail/index.ts';
import { buildPublicUrl, renderInvitationMail } from '../mail/index.ts';
import { findPerson, findTenantName } from './people.repository.ts';

/**
 * Mails an invitation to a person who has not joined yet. A new key replaces any earlier one
 * (re-inviting revokes it); the link is built from PUBLIC_URL. Key and mail are written in one
 * transaction, so the mail leaves only if the key exists.
 */
export const sendInvitation = async (ctx: AppContext, auth: AuthContext, userId: string) =>
  ctx.db.transaction(async (tx) => {
    const person = await findPerson(tx, auth.tenantId, userId);
    if (!person) throw notFound('The person');
    if (person.passwordHash) throw conflict(`${person.firstName} ${person.lastName} has already joined and can sign in.`);
    if (!person.active) throw badRequest(`${person.firstName} ${person.lastName} is deactivated. Reactivate them before inviting.`);
    const inviter = await findPerson(tx, auth.tenantId, auth.userId);
    const companyName = (await findTenantName(tx, auth.tenantId)) ?? 'your company';
    const now = ctx.clock.now();
    const key = generateKey();
    const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
    await revokeUserKeys(tx, auth.tenantId, userId, 'invitation', now);
    await insertUserKey(tx, {
      tenantId: auth.tenantId,
      id: newId(),
      userId,
      purpose: 'invitation',
      keyHash: hashKey(key),
      expiresAt,
      createdBy: auth.userId,
      now,
    });
    const mail = renderInvitationMail({
      firstName: person.firstName,
      inviterName: inviter ? `${inviter.firstName} ${inviter.lastName}` : companyName,
      companyName,
      url: buildPublicUrl(ctx.config.publicUrl, '/invitation', { key }),
    });
    await enqueueMail(tx, { ...mail, to: person.email, kind: 'invitation', tenantId: auth.tenantId }, now);
    return { UserProfileId: person.id, Email: person.email, ExpiresAt: expiresAt.toISOString() };
  });
