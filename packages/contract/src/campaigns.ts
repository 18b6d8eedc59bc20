import { z } from 'zod';
import {
  CalendarDateSchema,
  DateOnlySchema,
  IdSchema,
  InstantSchema,
  NameSchema,
  RowVersionSchema,
  requireVersionOnUpdate,
  SaveIdSchema,
  VersionSchema,
} from './common.ts';
import { CustomFieldValuesInputSchema, CustomFieldValuesSchema } from './custom-fields.ts';
import { defineRoutes } from './route.ts';

/*
 * Campaigns (DESIGN.md §16): a plan's program → campaign → tactic tree. A budget item belongs to at
 * most one campaign (BudgetItem.CampaignId); its expenses follow it. A node's roll-ups are itself plus
 * every descendant, summed in integer cents and sent as dollars.
 */

/** The deepest a campaign may sit: 1 program, 2 campaign, 3 tactic. */
export const MAX_CAMPAIGN_DEPTH = 3 as const;
export const CampaignDepthSchema = z.union([z.literal(1), z.literal(2), z.literal(3)]);
export type CampaignDepth = z.infer<typeof CampaignDepthSchema>;
export const CAMPAIGN_DEPTH_NAMES: Record<CampaignDepth, string> = { 1: 'Program', 2: 'Campaign', 3: 'Tactic' };

/** At most this many campaigns in one plan. */
export const MAX_CAMPAIGNS_PER_PLAN = 500;

/** A colour as #rrggbb (lower or upper case hex); stored lower case. */
export const CampaignColorSchema = z
  .string({ error: 'Color must be a colour like #1f6feb.' })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Color must be a colour like #1f6feb.')
  .transform((value) => value.toLowerCase())
  .describe('#rrggbb');

/** Money rolled up over a node and its descendants (or over the items without a campaign). US dollars. */
export const CampaignRollupSchema = z.object({
  Budget: z.number().describe('Amount of the active budget items'),
  Planned: z.number().describe('Active expenses with Status 1 (from expense_sums)'),
  Committed: z.number().describe('Active expenses with Status 2'),
  Actual: z.number().describe('Active expenses with Status 3'),
  Forecast: z.number().describe('The items’ Forecast (DESIGN.md §14: ForecastClient’s one rule), summed'),
  ItemCount: z.number().int().describe('Budget items (active or not) assigned'),
});
export type CampaignRollup = z.infer<typeof CampaignRollupSchema>;

export const CampaignSchema = z.object({
  Id: IdSchema,
  MarketingPlanId: IdSchema,
  ParentId: IdSchema.nullable().describe('null for a program (depth 1)'),
  Depth: CampaignDepthSchema.describe('Derived from the parents: 1 program, 2 campaign, 3 tactic'),
  Name: z.string(),
  OwnerId: IdSchema.nullable().describe('A user of the tenant'),
  OwnerName: z.string().nullable(),
  StartDate: CalendarDateSchema.describe('YYYY-MM-DD, inside the plan and inside the parent'),
  EndDate: CalendarDateSchema.describe('YYYY-MM-DD, on or after StartDate'),
  ObjectiveId: IdSchema.nullable().describe('An objective of the same plan'),
  Color: z.string().nullable().describe('#rrggbb, or null (the screens pick one)'),
  CustomFields: CustomFieldValuesSchema.describe(
    'The Campaign custom fields’ values (CustomFieldClient/List Entity Campaign); {} when none',
  ),
  Own: CampaignRollupSchema.describe('The campaign’s own items only'),
  Totals: CampaignRollupSchema.describe('Itself plus every descendant (the roll-up)'),
  UpdatedAt: InstantSchema,
  Version: RowVersionSchema,
});
export type Campaign = z.infer<typeof CampaignSchema>;

export const CampaignListSchema = z.object({
  MarketingPlanId: IdSchema,
  Campaigns: z
    .array(CampaignSchema)
    .describe('Tree order: every parent before its children; siblings by StartDate, then Name. Build the tree from ParentId'),
  NoCampaign: CampaignRollupSchema.describe('The plan’s items without a campaign, so programs + NoCampaign = the plan'),
  Plan: CampaignRollupSchema.describe('The whole plan'),
});
export type CampaignList = z.infer<typeof CampaignListSchema>;

export const CampaignSaveRequestSchema = z
  .object({
    Id: SaveIdSchema,
    MarketingPlanId: IdSchema,
    ParentId: IdSchema.nullish().describe(
      'Create only: the parent campaign (same plan; depth ≤ 3). On update it must be missing or unchanged: CampaignClient/Move changes it',
    ),
    Name: NameSchema,
    OwnerId: IdSchema.nullish(),
    StartDate: DateOnlySchema.nullish().describe('Default: the parent’s StartDate, or the plan’s'),
    EndDate: DateOnlySchema.nullish().describe('Default: the parent’s EndDate, or the plan’s'),
    ObjectiveId: IdSchema.nullish(),
    Color: CampaignColorSchema.nullish(),
    CustomFields: CustomFieldValuesInputSchema.optional().describe(
      'Validated against the tenant’s Campaign custom fields (400 naming the field). Missing: unchanged on update, {} on create',
    ),
    Version: VersionSchema.optional().describe('Required when updating: the campaign’s Version as read; a stale one answers 409'),
  })
  .superRefine(requireVersionOnUpdate);
export type CampaignSaveRequest = z.input<typeof CampaignSaveRequestSchema>;

export const CampaignDeleteRequestSchema = z.object({
  Id: IdSchema,
  Version: VersionSchema.describe('The campaign’s Version as read; a stale one answers 409'),
});

export const CampaignMoveRequestSchema = z.object({
  Id: IdSchema,
  ParentId: IdSchema.nullable().describe('The new parent (same plan), or null to make it a program'),
  Version: VersionSchema.describe('The moved campaign’s Version as read; a stale one answers 409'),
});
export type CampaignMoveRequest = z.input<typeof CampaignMoveRequestSchema>;

export const campaignRoutes = defineRoutes({
  list: {
    method: 'POST',
    path: '/api/CampaignClient/List',
    access: 'authenticated',
    summary: 'A plan’s campaigns in tree order, each with its own and rolled-up Budget, Planned, Committed, Actual and Forecast.',
    body: z.object({ MarketingPlanId: IdSchema }),
    response: CampaignListSchema,
    tags: ['campaigns'],
  },
  save: {
    method: 'POST',
    path: '/api/CampaignClient/Save',
    access: 'authenticated',
    permission: 'budgetItem.edit',
    summary:
      'Create (empty or missing Id) or update a campaign: dates inside the plan and inside its parent (and around its children), depth ≤ 3. Owner, Admin, or the team’s Lead or Planner; not in an archived plan.',
    body: CampaignSaveRequestSchema,
    response: CampaignSchema,
    tags: ['campaigns'],
  },
  delete: {
    method: 'POST',
    path: '/api/CampaignClient/Delete',
    access: 'authenticated',
    permission: 'budgetItem.edit',
    summary:
      'Delete a campaign; refused (409) while it has child campaigns. Its budget items stay, without a campaign (their expenses follow).',
    body: CampaignDeleteRequestSchema,
    response: z.boolean(),
    tags: ['campaigns'],
  },
  move: {
    method: 'POST',
    path: '/api/CampaignClient/Move',
    access: 'authenticated',
    permission: 'budgetItem.edit',
    summary:
      'Give a campaign another parent in the same plan (or none): no cycles, the moved subtree stays within depth 3, its dates inside the new parent’s.',
    body: CampaignMoveRequestSchema,
    response: CampaignSchema,
    tags: ['campaigns'],
  },
});
