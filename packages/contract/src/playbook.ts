import { z } from 'zod';
import { CalendarDateSchema, DateOnlySchema, EmptyBodySchema, IdSchema, InstantSchema, NameSchema } from './common.ts';
import { CategoryTypeSchema } from './lookups.ts';
import { defineRoutes } from './route.ts';

/** The four plays every tenant starts with (DESIGN.md §9); a play made from the library keeps its key. */
export const STARTER_PLAY_KEYS = ['product-launch', 'trade-show', 'always-on-demand', 'account-based'] as const;
export const StarterPlayKeySchema = z.enum(STARTER_PLAY_KEYS);
export type StarterPlayKey = z.infer<typeof StarterPlayKeySchema>;

export const PlayCategorySchema = z.object({
  BudgetCategoryId: IdSchema,
  Name: z.string(),
  CategoryType: CategoryTypeSchema,
  Total: z.number().describe('US dollars'),
  ItemCount: z.number().int(),
});

/** A play: a plan in State 3 (a template), summarised for the playbook's cards. */
export const PlaySchema = z.object({
  Id: IdSchema,
  Name: z.string(),
  Description: z.string().nullable(),
  TeamId: IdSchema,
  StartDate: CalendarDateSchema,
  EndDate: CalendarDateSchema,
  DurationMonths: z.number().int().describe('Calendar months from StartDate’s month to EndDate’s, inclusive'),
  ItemCount: z.number().int(),
  ObjectiveCount: z.number().int(),
  Total: z.number().describe('Sum of the items’ amounts, US dollars'),
  Categories: z.array(PlayCategorySchema).describe('By category SortOrder'),
  StarterPlay: StarterPlayKeySchema.nullable().describe('Set on the four plays of the starter library'),
  CanManage: z.boolean().describe('Rename and delete: the team’s Lead, an Admin or the Owner; starter plays only an Admin or the Owner'),
  UpdatedAt: InstantSchema,
});
export type Play = z.infer<typeof PlaySchema>;

export const PlayPreviewItemSchema = z.object({
  Id: IdSchema,
  Name: z.string(),
  ItemType: z.union([z.literal(1), z.literal(2)]),
  Amount: z.number().describe('US dollars'),
  Months: z.array(z.number()).describe('US dollars per plan month, DurationMonths long; all zero when the item is not phased'),
  IsPhased: z.boolean(),
});

export const PlayPreviewSchema = z.object({
  Play: PlaySchema,
  Months: z.array(z.string()).describe('The plan’s months, YYYY-MM'),
  Categories: z.array(PlayCategorySchema.extend({ Items: z.array(PlayPreviewItemSchema) })),
  Objectives: z.array(
    z.object({ Id: IdSchema, Name: z.string(), Metric: z.string().nullable(), MetricType: z.number().int(), TargetValue: z.number() }),
  ),
});
export type PlayPreview = z.infer<typeof PlayPreviewSchema>;

export const CreatePlanFromPlayRequestSchema = z.object({
  SourcePlanId: IdSchema.describe('A play (State 3) or any plan the caller may see (roll forward)'),
  Name: NameSchema,
  TeamId: IdSchema,
  StartDate: DateOnlySchema.describe('The source’s months move by the month offset between the two start dates'),
});
export type CreatePlanFromPlayRequest = z.input<typeof CreatePlanFromPlayRequestSchema>;

export const CreatedPlanSchema = z.object({
  Id: IdSchema,
  Name: z.string(),
  TeamId: IdSchema,
  State: z.literal(1),
  StartDate: CalendarDateSchema,
  EndDate: CalendarDateSchema,
  ItemCount: z.number().int(),
  ObjectiveCount: z.number().int(),
  Total: z.number().describe('US dollars'),
});
export type CreatedPlan = z.infer<typeof CreatedPlanSchema>;

export const SaveAsPlayRequestSchema = z.object({ MarketingPlanId: IdSchema, Name: NameSchema });
export type SaveAsPlayRequest = z.input<typeof SaveAsPlayRequestSchema>;

export const RenamePlayRequestSchema = z.object({ MarketingPlanId: IdSchema, Name: NameSchema });
export type RenamePlayRequest = z.input<typeof RenamePlayRequestSchema>;

const PlayIdRequestSchema = z.object({ MarketingPlanId: IdSchema });

export const playbookRoutes = defineRoutes({
  list: {
    method: 'POST',
    path: '/api/PlaybookClient/List',
    access: 'Plan.Agility',
    summary: 'The plays (plans in State 3) of the teams the caller may see, with categories, item count, total and duration in months.',
    body: EmptyBodySchema,
    response: z.array(PlaySchema),
    tags: ['playbook'],
  },
  preview: {
    method: 'POST',
    path: '/api/PlaybookClient/Preview',
    access: 'Plan.Agility',
    summary: 'One play’s items by category with their monthly phasing, and its objectives.',
    body: PlayIdRequestSchema,
    response: PlayPreviewSchema,
    tags: ['playbook'],
  },
  createPlan: {
    method: 'POST',
    path: '/api/PlaybookClient/CreatePlan',
    access: 'Plan.Agility',
    permission: 'play.createPlan',
    summary:
      'A new live plan (State 1) from a play or any plan: items (amounts, categories, types, GL codes), phasing moved by month offset, objectives without results and the funnel model, in one transaction. No expenses, results or comments. Needs plan rights (Lead, Admin, Owner) in the target team.',
    body: CreatePlanFromPlayRequestSchema,
    response: CreatedPlanSchema,
    tags: ['playbook'],
  },
  saveAsTemplate: {
    method: 'POST',
    path: '/api/PlaybookClient/SaveAsTemplate',
    access: 'Plan.Agility',
    permission: 'play.saveAsPlay',
    summary: 'A play (State 3 copy, same team and dates) of a plan, without expenses, results or comments. Needs plan rights in its team.',
    body: SaveAsPlayRequestSchema,
    response: PlaySchema,
    tags: ['playbook'],
  },
  rename: {
    method: 'POST',
    path: '/api/PlaybookClient/Rename',
    access: 'Plan.Agility',
    permission: 'play.rename',
    summary: 'Rename a play. The team’s Lead, an Admin or the Owner; a starter play only an Admin or the Owner.',
    body: RenamePlayRequestSchema,
    response: PlaySchema,
    tags: ['playbook'],
  },
  delete: {
    method: 'POST',
    path: '/api/PlaybookClient/Delete',
    access: 'Plan.Agility',
    permission: 'play.delete',
    summary: 'Delete a play. The team’s Lead, an Admin or the Owner; a starter play only an Admin or the Owner.',
    body: PlayIdRequestSchema,
    response: z.boolean(),
    tags: ['playbook'],
  },
});
