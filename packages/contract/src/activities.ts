import { z } from 'zod';
import { IdSchema, InstantSchema, RowVersionSchema, requireVersionOnUpdate, SaveIdSchema, VersionSchema } from './common.ts';
import { defineRoutes } from './route.ts';

/** Entities with an activity feed: the audited ones (DESIGN.md §5). */
export const ACTIVITY_ENTITY_TYPES = ['MarketingPlan', 'BudgetItem', 'Expense', 'BudgetCategory', 'Objective'] as const;
export const ActivityEntityTypeSchema = z.enum(ACTIVITY_ENTITY_TYPES, {
  error: 'EntityType must be MarketingPlan, BudgetItem, Expense, BudgetCategory or Objective.',
});
export type ActivityEntityType = z.infer<typeof ActivityEntityTypeSchema>;

/** Notes can be written on plans, budget items, expenses and objectives. */
export const NOTE_ENTITY_TYPES = ['MarketingPlan', 'BudgetItem', 'Expense', 'Objective'] as const;

/** 'create', 'update' and 'delete' are the server's audit trail; 'note' is written by a person. */
export const ActivityActionSchema = z.enum(['create', 'update', 'delete', 'note']);
export type ActivityAction = z.infer<typeof ActivityActionSchema>;

export const ActivityChangeSchema = z.object({
  Field: z.string(),
  From: z.unknown(),
  To: z.unknown(),
});
export type ActivityChange = z.infer<typeof ActivityChangeSchema>;

export const ActivitySchema = z.object({
  Id: IdSchema,
  Name: z.string().describe('What the entity is called'),
  SortOrder: z.number().int(),
  Active: z.boolean(),
  Description: z.string().describe('The note’s text, or a sentence about the change'),
  EntityType: ActivityEntityTypeSchema,
  EntityId: IdSchema,
  MarketingPlanId: IdSchema.nullable(),
  Action: ActivityActionSchema,
  ActorId: IdSchema.nullable(),
  ActorName: z.string().nullable(),
  Changes: z.array(ActivityChangeSchema).describe('Before → after of each changed field (updates)'),
  CreatedAt: InstantSchema,
  CanDelete: z.boolean().describe('Only notes can be deleted: by their author, an Owner or an Admin'),
  Version: RowVersionSchema.describe('A note’s version: one more on every edit (the audit trail never changes)'),
});
export type Activity = z.infer<typeof ActivitySchema>;

export const ACTIVITY_MAX_LIMIT = 200;
const LimitSchema = z.number().int().min(1).max(ACTIVITY_MAX_LIMIT).default(50);

export const GetPlanActivitiesRequestSchema = z.object({
  MarketingPlanId: IdSchema,
  Limit: LimitSchema,
  Before: InstantSchema.refine((value) => !Number.isNaN(Date.parse(value)), 'Before must be an ISO-8601 instant.')
    .optional()
    .describe('Only activities older than this instant (the next page)'),
});

export const GetEntityActivitiesRequestSchema = z.object({
  EntityType: ActivityEntityTypeSchema,
  EntityId: IdSchema,
  Limit: LimitSchema,
});

export const ActivityNoteSaveRequestSchema = z
  .object({
    Id: SaveIdSchema,
    EntityType: z.enum(NOTE_ENTITY_TYPES, { error: 'Notes can be written on a MarketingPlan, BudgetItem, Expense or Objective.' }),
    EntityId: IdSchema,
    Description: z
      .string({ error: 'Please write a note.' })
      .trim()
      .min(1, 'Please write a note.')
      .max(4000, 'A note can be at most 4000 characters.'),
    Version: VersionSchema.optional().describe(
      'Required when editing a note: its Version as read; a stale one answers 409 (DESIGN.md §13)',
    ),
  })
  .superRefine(requireVersionOnUpdate);
export type ActivityNoteSaveRequest = z.input<typeof ActivityNoteSaveRequestSchema>;

export const activityRoutes = defineRoutes({
  getActivities: {
    method: 'POST',
    path: '/api/ActivityClient/Get',
    access: 'authenticated',
    summary: 'A plan’s activity feed (its own and its items’ and expenses’), newest first.',
    body: GetPlanActivitiesRequestSchema,
    response: z.array(ActivitySchema),
    tags: ['activities'],
  },
  getSingleEntityActivities: {
    method: 'POST',
    path: '/api/ActivityClient/GetSingleEntityActivities',
    access: 'authenticated',
    summary: 'The activity of one plan, budget item, expense or category, newest first.',
    body: GetEntityActivitiesRequestSchema,
    response: z.array(ActivitySchema),
    tags: ['activities'],
  },
  saveActivity: {
    method: 'POST',
    path: '/api/ActivityClient/Save',
    access: 'authenticated',
    permission: 'note.write',
    summary: 'Write a note in an entity’s feed (empty Id) or edit your own note.',
    body: ActivityNoteSaveRequestSchema,
    response: ActivitySchema,
    tags: ['activities'],
  },
  deleteActivity: {
    method: 'POST',
    path: '/api/ActivityClient/Delete',
    access: 'authenticated',
    summary: 'Delete a note. The audit trail (create, update, delete entries) cannot be deleted.',
    body: z.object({ ActivityId: IdSchema, Version: VersionSchema.describe('The note’s Version as read; a stale one answers 409') }),
    response: z.boolean(),
    tags: ['activities'],
  },
});
