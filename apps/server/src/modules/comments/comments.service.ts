import type { Comment, CommentEntityType, CommentSaveRequestSchema, MentionablePerson } from '@plansmith/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { forbidden, notFound } from '../../lib/http-errors.ts';
import { idForSave } from '../../lib/ids.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { assertVersion } from '../activities/index.ts';
import { findEntityAccess, isTenantAdmin, requireAccess, requireEntityAccess, type TeamPermission } from '../access/index.ts';
import { listMentionable, notifyComment, notifyMentions } from '../notifications/index.ts';
import * as repo from './comments.repository.ts';

type SaveInput = z.output<typeof CommentSaveRequestSchema>;

/**
 * Who may change a comment: its author edits and deletes it while their team role still lets them
 * write (Lead, Planner; Owners and Admins always). Owners and Admins may also delete anyone's
 * comment (moderation); nobody edits someone else's words.
 */
const rightsOn = (auth: AuthContext, row: { authorId: string }, permission: TeamPermission) => {
  const isAuthor = row.authorId === auth.userId && permission.canEditBudget;
  return { canEdit: isAuthor, canDelete: isAuthor || isTenantAdmin(auth) };
};

const toComment = (row: repo.CommentRow, rights: { canEdit: boolean; canDelete: boolean }): Comment => ({
  Id: row.id,
  Name: row.name,
  SortOrder: row.sortOrder,
  Active: row.active,
  Description: row.description,
  EntityType: row.entityType as CommentEntityType,
  EntityId: row.entityId,
  MarketingPlanId: row.marketingPlanId,
  AuthorId: row.authorId,
  AuthorName: row.authorFirstName === null ? 'Former user' : `${row.authorFirstName} ${row.authorLastName ?? ''}`.trim(),
  CreatedAt: row.createdAt.toISOString(),
  UpdatedAt: row.updatedAt.toISOString(),
  CanEdit: rights.canEdit,
  CanDelete: rights.canDelete,
  Version: row.version,
});

/**
 * Locks the comment and answers 409 with it as it is now when the caller read another version
 * (DESIGN.md §13). Only its author edits a comment, so they changed it, at its UpdatedAt.
 */
const checkCommentVersion = async (
  tx: Db,
  auth: AuthContext,
  row: repo.CommentRow,
  read: number,
  rights: { canEdit: boolean; canDelete: boolean },
): Promise<void> => {
  const current = await repo.lockCommentVersion(tx, auth.tenantId, row.id);
  if (current === null) throw notFound('The comment');
  // Read again under the lock: the row before it may be older than the version just locked.
  const now = await repo.findComment(tx, auth.tenantId, row.id);
  await assertVersion(tx, auth, {
    entity: 'Comment',
    id: row.id,
    what: `the comment “${excerpt(row.description)}”`,
    read,
    current,
    row: () => (now ? toComment(now, rights) : null),
    changedBy: { actorId: row.authorId, firstName: row.authorFirstName, lastName: row.authorLastName, at: now?.updatedAt ?? null },
  });
};

/** The start of a comment, to name it in a message. */
const excerpt = (text: string): string => (text.length > 40 ? `${text.slice(0, 40).trimEnd()}…` : text);

export const createCommentsService = (ctx: AppContext) => ({
  /** Who a comment on the entity can name (@First Last): the caller must see the entity. */
  getMentionable: async (auth: AuthContext, input: { EntityType: CommentEntityType; EntityId: string }): Promise<MentionablePerson[]> => {
    const access = await requireEntityAccess(ctx.db, auth, input.EntityType, input.EntityId);
    if (!access.marketingPlanId) return [];
    const people = await listMentionable(ctx.db, auth.tenantId, access.marketingPlanId);
    return people.map((person) => ({ Id: person.userId, FirstName: person.firstName, LastName: person.lastName }));
  },

  getComments: async (auth: AuthContext, input: { EntityType: CommentEntityType; EntityId: string }): Promise<Comment[]> => {
    const access = await requireEntityAccess(ctx.db, auth, input.EntityType, input.EntityId);
    const rows = await repo.listComments(ctx.db, auth.tenantId, input.EntityType, input.EntityId);
    return rows.map((row) => toComment(row, rightsOn(auth, row, access.permission)));
  },

  saveComment: async (auth: AuthContext, input: SaveInput): Promise<Comment> =>
    ctx.db.transaction(async (tx) => {
      const { id, isNew } = idForSave(input.Id);
      const access = await requireEntityAccess(tx, auth, input.EntityType, input.EntityId);
      requireAccess(access, 'comment.write');
      const now = ctx.clock.now();
      if (isNew) {
        await repo.insertComment(tx, {
          tenantId: auth.tenantId,
          id,
          entityType: input.EntityType,
          entityId: input.EntityId,
          marketingPlanId: access.marketingPlanId,
          authorId: auth.userId,
          name: input.Name ?? '',
          description: input.Description,
          at: now,
        });
      } else {
        const existing = await repo.findComment(tx, auth.tenantId, id);
        if (!existing || existing.entityType !== input.EntityType || existing.entityId !== input.EntityId) {
          throw notFound('The comment');
        }
        if (existing.authorId !== auth.userId) throw forbidden('You can only edit your own comments.');
        // The contract requires a Version when editing (requireVersionOnUpdate).
        await checkCommentVersion(tx, auth, existing, input.Version ?? 0, rightsOn(auth, existing, access.permission));
        await repo.updateComment(tx, auth.tenantId, id, { name: input.Name ?? existing.name, description: input.Description, at: now });
      }
      const saved = await repo.findComment(tx, auth.tenantId, id);
      if (!saved) throw notFound('The comment');
      if (access.marketingPlanId) {
        const entity = { type: input.EntityType, id: input.EntityId, name: access.name, planId: access.marketingPlanId };
        const named = await notifyMentions(ctx, tx, {
          tenantId: auth.tenantId,
          authorId: auth.userId,
          commentId: id,
          text: saved.description,
          entity,
        });
        // A new comment tells the plan's team; an edit tells only the people it newly names.
        if (isNew)
          await notifyComment(ctx, tx, { tenantId: auth.tenantId, authorId: auth.userId, text: saved.description, skip: named, entity });
      }
      return toComment(saved, rightsOn(auth, saved, access.permission));
    }),

  deleteComment: async (auth: AuthContext, commentId: string, version: number): Promise<boolean> =>
    ctx.db.transaction(async (tx) => {
      const row = await repo.findComment(tx, auth.tenantId, commentId);
      if (!row) throw notFound('The comment');
      const access = await findEntityAccess(tx, auth, row.entityType as CommentEntityType, row.entityId);
      if (!access) throw notFound('The comment');
      const rights = rightsOn(auth, row, access.permission);
      if (!rights.canDelete) throw forbidden('You can only delete your own comments.');
      await checkCommentVersion(tx, auth, row, version, rights);
      await repo.deleteComment(tx, auth.tenantId, row.id);
      return true;
    }),
});
