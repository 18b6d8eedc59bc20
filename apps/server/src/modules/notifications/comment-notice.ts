import type { CommentEntityType } from '@plansmith/contract';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { marketingPlans } from '../../schema/plans.ts';
import { listPlanReaders } from '../access/index.ts';
import { withNotificationDefaults } from '../people/index.ts';
import { describeComment } from './comment-words.ts';
import { entityPath } from './kinds.ts';
import { queueNotification } from './notification-mail.ts';

/**
 * "Comments on my team's plans" (DESIGN.md §11): a new comment on a plan, budget item, expense or
 * objective mails and notifies in the app the members of the plan's team who chose it — never the
 * author, never the people the comment names (they hear of it as a mention). In the caller's
 * transaction, so nothing goes out for a comment that was not saved.
 */
export const notifyComment = async (
  ctx: AppContext,
  tx: Db,
  input: {
    tenantId: string;
    authorId: string;
    text: string;
    skip: Set<string>;
    entity: { type: CommentEntityType; id: string; name: string; planId: string };
  },
): Promise<void> => {
  const readers = await listPlanReaders(tx, input.tenantId, input.entity.planId);
  const recipients = readers.filter(
    (person) =>
      person.teamRoleId !== null &&
      person.userId !== input.authorId &&
      !input.skip.has(person.userId) &&
      withNotificationDefaults(person.notificationSettings).CommentsOnMyPlans,
  );
  if (recipients.length === 0) return;
  const { authorName, quote, url } = await describeComment(ctx, tx, input);
  const [plan] = await tx
    .select({ name: marketingPlans.name })
    .from(marketingPlans)
    .where(and(eq(marketingPlans.tenantId, input.tenantId), eq(marketingPlans.id, input.entity.planId)));
  const where = input.entity.type === 'MarketingPlan' ? input.entity.name : `${input.entity.name} (${plan?.name ?? 'your plan'})`;
  for (const person of recipients) {
    await queueNotification(ctx, tx, {
      tenantId: input.tenantId,
      kind: 'comment',
      to: { userId: person.userId, email: person.email },
      mail: {
        subject: `${authorName} commented on ${where}`,
        heading: `New comment on ${input.entity.name}`,
        paragraphs: [`Hi ${person.firstName},`, `${authorName} wrote on “${where}”:`, `“${quote}”`],
        action: { label: 'Open the conversation', url },
        footnote: 'You get this as a member of the team that owns the plan.',
      },
      inbox: {
        kind: 'comment',
        title: `${authorName} commented on ${where}`,
        body: quote,
        link: entityPath(input.entity.type, input.entity.id),
      },
    });
  }
};
