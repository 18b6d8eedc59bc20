import type { CommentEntityType } from '@plansmith/contract';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../schema/tenants.ts';
import { entityUrl } from './kinds.ts';

/** A comment is quoted in mail and inbox up to this many characters. */
const QUOTE_LIMIT = 500;

/** What the comment and mention notices say of a comment: its author's name, the quote and the link to it. */
export const describeComment = async (
  ctx: AppContext,
  tx: Db,
  input: { tenantId: string; authorId: string; text: string; entity: { type: CommentEntityType; id: string } },
): Promise<{ authorName: string; quote: string; url: string }> => {
  const [author] = await tx
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(eq(users.tenantId, input.tenantId), eq(users.id, input.authorId)));
  return {
    authorName: author ? `${author.firstName} ${author.lastName}` : 'Someone',
    quote: input.text.length > QUOTE_LIMIT ? `${input.text.slice(0, QUOTE_LIMIT)}…` : input.text,
    url: entityUrl(ctx.config.publicUrl, input.entity.type, input.entity.id),
  };
};
