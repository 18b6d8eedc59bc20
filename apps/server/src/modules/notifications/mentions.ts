import { type CommentEntityType, mentionText } from '@plansmith/contract';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { commentMentions } from '../../schema/notifications.ts';
import { listPlanReaders, type PlanReader } from '../access/index.ts';
import { withNotificationDefaults } from '../people/index.ts';
import { describeComment } from './comment-words.ts';
import { entityPath } from './kinds.ts';
import { queueNotification } from './notification-mail.ts';

const WORD_CHARACTER = /[\p{L}\p{N}_]/u;

/**
 * The people a text names as `@First Last` (case-insensitive). A name must end where a word ends,
 * so `@Ann Lee` does not match `@Ann Leeson`.
 */
export const findMentioned = <T extends { firstName: string; lastName: string }>(text: string, people: T[]): T[] => {
  const haystack = text.toLocaleLowerCase('en-US');
  return people.filter((person) => {
    const needle = mentionText({ FirstName: person.firstName, LastName: person.lastName }).toLocaleLowerCase('en-US');
    for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + 1)) {
      const next = haystack.slice(at + needle.length, at + needle.length + 2);
      if (!next || !WORD_CHARACTER.test(Array.from(next)[0] ?? '')) return true;
    }
    return false;
  });
};

/** The people a comment on a plan's entity may name: everyone active who can see the plan. */
export const listMentionable = (db: Db, tenantId: string, planId: string): Promise<PlanReader[]> => listPlanReaders(db, tenantId, planId);

/**
 * Mails each person a comment names for the first time (`@First Last`), in the caller's
 * transaction: only people who can see the entity, never the author, only those who want
 * mention mail. Every newly named person is recorded, so editing the comment mails only names
 * added by the edit. Answers everyone the comment names (they hear of it as a mention, not as a
 * comment on their team's plan).
 */
export const notifyMentions = async (
  ctx: AppContext,
  tx: Db,
  input: {
    tenantId: string;
    authorId: string;
    commentId: string;
    text: string;
    entity: { type: CommentEntityType; id: string; name: string; planId: string };
  },
): Promise<Set<string>> => {
  const readers = await listPlanReaders(tx, input.tenantId, input.entity.planId);
  const named = findMentioned(input.text, readers).filter((person) => person.userId !== input.authorId);
  const namedIds = new Set(named.map((person) => person.userId));
  if (named.length === 0) return namedIds;
  const recorded = await tx
    .insert(commentMentions)
    .values(
      named.map((person) => ({ tenantId: input.tenantId, commentId: input.commentId, userId: person.userId, createdAt: ctx.clock.now() })),
    )
    .onConflictDoNothing()
    .returning({ userId: commentMentions.userId });
  const newlyNamed = new Set(recorded.map((row) => row.userId));
  const recipients = named.filter(
    (person) => newlyNamed.has(person.userId) && withNotificationDefaults(person.notificationSettings).Mentions,
  );
  if (recipients.length === 0) return namedIds;
  const { authorName, quote, url } = await describeComment(ctx, tx, input);
  for (const person of recipients) {
    await queueNotification(ctx, tx, {
      tenantId: input.tenantId,
      kind: 'mention',
      to: { userId: person.userId, email: person.email },
      mail: {
        subject: `${authorName} mentioned you on ${input.entity.name}`,
        heading: `${authorName} mentioned you`,
        paragraphs: [`Hi ${person.firstName},`, `${authorName} wrote on “${input.entity.name}”:`, `“${quote}”`],
        action: { label: 'Open the conversation', url },
      },
      inbox: {
        kind: 'mention',
        title: `${authorName} mentioned you on ${input.entity.name}`,
        body: quote,
        link: entityPath(input.entity.type, input.entity.id),
      },
    });
  }
  return namedIds;
};
