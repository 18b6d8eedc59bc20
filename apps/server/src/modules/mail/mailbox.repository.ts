import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../schema/mail.ts';

/** The newest messages of the outbox, for the dev mailbox. */
export const listRecentMail = async (db: Db, limit: number) =>
  db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id)).limit(limit);

export const findMail = async (db: Db, id: string) => {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
  return row ?? null;
};
