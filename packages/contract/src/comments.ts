import { z } from 'zod';
import { IdSchema, InstantSchema, RowVersionSchema, requireVersionOnUpdate, SaveIdSchema, VersionSchema } from './common.ts';
import { defineRoutes } from './route.ts';

/** What comments and user notes can be attached to (DESIGN.md §5). */
export const COMMENT_ENTITY_TYPES = ['MarketingPlan', 'BudgetItem', 'Expense', 'Objective'] as const;
export const CommentEntityTypeSchema = z.enum(COMMENT_ENTITY_TYPES, {
  error: 'EntityType must be MarketingPlan, BudgetItem, Expense or Objective.',
});
export type CommentEntityType = z.infer<typeof CommentEntityTypeSchema>;

export const COMMENT_MAX_LENGTH = 4000;

export const CommentSchema = z.object({
  Id: IdSchema,
  Name: z.string(),
  SortOrder: z.number().int(),
  Active: z.boolean(),
  Description: z.string().describe('The comment text'),
  EntityType: CommentEntityTypeSchema,
  EntityId: IdSchema,
  MarketingPlanId: IdSchema.nullable(),
  AuthorId: IdSchema,
  AuthorName: z.string(),
  CreatedAt: InstantSchema,
  UpdatedAt: InstantSchema,
  CanEdit: z.boolean().describe('The caller wrote it and may still edit the entity'),
  CanDelete: z.boolean().describe('The caller wrote it, or is an Owner or Admin'),
  Version: RowVersionSchema,
});
export type Comment = z.infer<typeof CommentSchema>;

export const CommentTargetSchema = z.object({ EntityType: CommentEntityTypeSchema, EntityId: IdSchema });
export type CommentTarget = z.infer<typeof CommentTargetSchema>;

export const CommentSaveRequestSchema = z
  .object({
    Id: SaveIdSchema,
    EntityType: CommentEntityTypeSchema,
    EntityId: IdSchema,
    Name: z.string().trim().max(200).optional().describe('Optional title'),
    Description: z
      .string({ error: 'Please write a comment.' })
      .trim()
      .min(1, 'Please write a comment.')
      .max(COMMENT_MAX_LENGTH, `A comment can be at most ${COMMENT_MAX_LENGTH} characters.`),
    Version: VersionSchema.optional().describe(
      'Required when editing a comment: its Version as read; a stale one answers 409 (DESIGN.md §13)',
    ),
  })
  .superRefine(requireVersionOnUpdate);
export type CommentSaveRequest = z.input<typeof CommentSaveRequestSchema>;

/** Someone who can be named in a comment on an entity: active, in the tenant, able to see the entity. */
export const MentionablePersonSchema = z.object({ Id: IdSchema, FirstName: z.string(), LastName: z.string() });
export type MentionablePerson = z.infer<typeof MentionablePersonSchema>;

/** The `@First Last` text that names a person in a comment (the server mails each person named). */
export const mentionText = (person: { FirstName: string; LastName: string }): string => `@${person.FirstName} ${person.LastName}`;

export const commentRoutes = defineRoutes({
  getMentionable: {
    method: 'POST',
    path: '/api/CommentsClient/Mentionable',
    access: 'authenticated',
    summary: 'The people a comment on this plan, budget item or expense can name with @First Last (active, able to see it).',
    body: CommentTargetSchema,
    response: z.array(MentionablePersonSchema),
    tags: ['comments'],
  },
  getComments: {
    method: 'POST',
    path: '/api/CommentsClient/Get',
    access: 'authenticated',
    summary: 'The comments on a plan, budget item or expense, oldest first.',
    body: CommentTargetSchema,
    response: z.array(CommentSchema),
    tags: ['comments'],
  },
  saveComment: {
    method: 'POST',
    path: '/api/CommentsClient/Save',
    access: 'authenticated',
    permission: 'comment.write',
    summary: 'Write a comment (empty Id) or edit one of your own.',
    body: CommentSaveRequestSchema,
    response: CommentSchema,
    tags: ['comments'],
  },
  deleteComment: {
    method: 'POST',
    path: '/api/CommentClient/Delete',
    access: 'authenticated',
    summary: 'Delete your own comment (Owners and Admins may delete any).',
    body: z.object({ CommentId: IdSchema, Version: VersionSchema.describe('The comment’s Version as read; a stale one answers 409') }),
    response: z.boolean(),
    tags: ['comments'],
  },
});
