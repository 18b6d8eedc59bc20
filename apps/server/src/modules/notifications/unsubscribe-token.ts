import { createHmac } from 'node:crypto';
import { safeEqual } from '../../lib/secrets.ts';
import { isNotificationKind, type NotificationKind } from './kinds.ts';

export type UnsubscribeClaims = { tenantId: string; userId: string; kind: NotificationKind };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const sign = (secret: string, payload: string) => createHmac('sha256', `unsubscribe:${secret}`).update(payload).digest('base64url');

/**
 * A link that stops one kind of mail for one person without signing in: who and what, signed with
 * a key derived from JWT_SECRET. It does not expire (a mail read months later must still work);
 * all it can do is turn one notification choice off.
 */
export const createUnsubscribeToken = (secret: string, claims: UnsubscribeClaims): string => {
  const payload = Buffer.from(`${claims.tenantId}.${claims.userId}.${claims.kind}`).toString('base64url');
  return `${payload}.${sign(secret, payload)}`;
};

/** The claims of a well-formed token with a valid signature, else null. */
export const readUnsubscribeToken = (secret: string, token: string): UnsubscribeClaims | null => {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0 || !safeEqual(signature, sign(secret, payload))) return null;
  const [tenantId, userId, kind, ...extra] = Buffer.from(payload, 'base64url').toString('utf8').split('.');
  if (!tenantId || !userId || !kind || extra.length > 0 || !UUID.test(tenantId) || !UUID.test(userId) || !isNotificationKind(kind)) {
    return null;
  }
  return { tenantId, userId, kind };
};
