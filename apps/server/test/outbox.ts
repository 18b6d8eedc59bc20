import { and, asc, eq, gt } from 'drizzle-orm';
import { mailOutbox } from '../src/schema/mail.ts';
import type { TestApp } from './test-app.ts';

export type OutboxRow = typeof mailOutbox.$inferSelect;

/**
 * Reads the mail a test caused: `since` marks where the outbox stood, `mailSince` lists what was
 * queued after it, oldest first, optionally of one kind.
 */
export const outboxMark = async (t: TestApp): Promise<Date> => {
  t.clock.advance(1);
  const mark = t.clock.now();
  t.clock.advance(1);
  return mark;
};

export const mailSince = async (t: TestApp, mark: Date, kind?: string): Promise<OutboxRow[]> =>
  t.ctx.db
    .select()
    .from(mailOutbox)
    .where(and(gt(mailOutbox.createdAt, mark), kind ? eq(mailOutbox.kind, kind) : undefined))
    .orderBy(asc(mailOutbox.createdAt), asc(mailOutbox.toAddress));

export const recipientsOf = (rows: OutboxRow[]): string[] => rows.map((row) => row.toAddress).sort();
