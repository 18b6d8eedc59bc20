import type { Db } from '../../db/client.ts';
import { newId } from '../../lib/ids.ts';
import type { RenderedMail } from './mail-layout.ts';
import { mailOutbox } from '../../schema/mail.ts';

/**
 * Queues an e-mail in the durable outbox, in the caller's transaction: the mail leaves only if
 * the change that caused it commits. The mail worker delivers it (SMTP or the dev mailbox).
 */
export const enqueueMail = async (
  db: Db,
  mail: RenderedMail & { to: string; kind: string; tenantId: string | null },
  now: Date,
): Promise<string> => {
  const id = newId();
  await db.insert(mailOutbox).values({
    id,
    tenantId: mail.tenantId,
    kind: mail.kind,
    toAddress: mail.to,
    subject: mail.subject,
    htmlBody: mail.html,
    textBody: mail.text,
    links: mail.links,
    headers: mail.headers ?? {},
    nextAttemptAt: now,
    createdAt: now,
  });
  return id;
};
