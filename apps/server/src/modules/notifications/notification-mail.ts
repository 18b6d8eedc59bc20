import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { buildPublicUrl, enqueueMail, type renderMail } from '../mail/index.ts';
import { renderMail as render } from '../mail/index.ts';
import type { NotificationKind } from './kinds.ts';
import { NOTIFICATION_KINDS } from './kinds.ts';
import { insertInboxEntries, type NewInboxEntry } from './inbox.repository.ts';
import { createUnsubscribeToken } from './unsubscribe-token.ts';

export const UNSUBSCRIBE_PATH = '/unsubscribe';

export const unsubscribeUrl = (ctx: AppContext, claims: { tenantId: string; userId: string; kind: NotificationKind }): string =>
  buildPublicUrl(ctx.config.publicUrl, UNSUBSCRIBE_PATH, { token: createUnsubscribeToken(ctx.config.jwtSecret, claims) });

/**
 * Queues one notification in the caller's transaction (it leaves only if the change commits),
 * with a one-click link that stops this kind of mail, in the body and as List-Unsubscribe.
 * With `inbox`, the same event also lands in the person's in-app inbox (the bell), in the same
 * transaction: callers choose recipients by the same notification choice for both.
 */
export const queueNotification = async (
  ctx: AppContext,
  tx: Db,
  input: {
    tenantId: string;
    kind: NotificationKind;
    to: { userId: string; email: string };
    mail: Omit<Parameters<typeof renderMail>[0], 'unsubscribe'>;
    inbox?: Omit<NewInboxEntry, 'userId'>;
  },
): Promise<void> => {
  if (input.inbox) await insertInboxEntries(tx, input.tenantId, [{ ...input.inbox, userId: input.to.userId }], ctx.clock.now());
  const url = unsubscribeUrl(ctx, { tenantId: input.tenantId, userId: input.to.userId, kind: input.kind });
  const rendered = render({ ...input.mail, unsubscribe: { label: `Unsubscribe from ${NOTIFICATION_KINDS[input.kind].label}`, url } });
  await enqueueMail(tx, { ...rendered, to: input.to.email, kind: input.kind, tenantId: input.tenantId }, ctx.clock.now());
};
