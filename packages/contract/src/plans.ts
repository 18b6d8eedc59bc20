import { z } from 'zod';
import {
  CalendarDateSchema,
  DateOnlySchema,
  DescriptionSchema,
  IdSchema,
  InstantSchema,
  NameSchema,
  RowVersionSchema,
  requireVersionOnUpdate,
  SaveIdSchema,
  VersionSchema,
} from './common.ts';
import { CurrencyCodeSchema } from './currencies.ts';
import { LandingSchema } from './forecast.ts';
import { CategoryTypeSchema } from './lookups.ts';
import { PLAN_STATE_ARCHIVED, PLAN_STATE_LIVE, PLAN_STATE_LIVE_LEGACY, PLAN_STATE_TEMPLATE, type PlanState } from './plan-states.ts';
import { defineRoutes } from './route.ts';

export * from './plan-states.ts';

export const PlanStateSchema = z.union(
  [z.literal(PLAN_STATE_LIVE_LEGACY), z.literal(PLAN_STATE_LIVE), z.literal(PLAN_STATE_ARCHIVED), z.literal(PLAN_STATE_TEMPLATE)],
  { error: 'State must be 0 or 1 (live), 2 (archived) or 3 (template).' },
) satisfies z.ZodType<PlanState>;

/** A new plan runs 365 days from today (SPEC.md §5, §9). */
export const NEW_PLAN_LENGTH_DAYS = 365;

/** Budgeted, planned, committed and actual money of a set of budget items (dollars). */
export const MoneyTotalsSchema = z.object({
  Budget: z.number().describe('Sum of the items’ amounts'),
  Actual: z.number().describe('Active expenses with Status 3'),
  Committed: z.number().describe('Active expenses with Status 2'),
  Planned: z.number().describe('Active expenses with Status 1'),
  Available: z.number().describe('Budget − Committed − Actual'),
  LeftToPlan: z.number().describe('Budget − Planned − Committed − Actual; negative when over-planned (DESIGN.md §12)'),
  BurnRate: z.number().describe('Actual ÷ Budget (0 when Budget is 0); shown as a whole percent'),
  ItemCount: z.number().int(),
});
export type MoneyTotals = z.infer<typeof MoneyTotalsSchema>;

export const PlanPermissionsSchema = z.object({
  CanManagePlan: z.boolean().describe('Edit, archive, share, delete the plan, lock its baseline (Owner, Admin, team Lead)'),
  CanEditBudget: z.boolean().describe('Add and edit budget items (Owner, Admin, team Lead or Planner)'),
});

export const MarketingPlanSchema = z.object({
  Id: IdSchema,
  Name: z.string(),
  Description: z.string().nullable(),
  Active: z.boolean(),
  State: PlanStateSchema,
  StartDate: CalendarDateSchema,
  EndDate: CalendarDateSchema,
  TeamId: IdSchema,
  Currency: CurrencyCodeSchema.describe(
    'The default Currency of the plan’s new budget items (DESIGN.md §17): its own, or the tenant’s base currency. Its Totals are in the base currency',
  ),
  ShareKey: z.string().nullable().describe('Set while the plan is shared with guests (DESIGN.md §5)'),
  ShareUrl: z.string().nullable().describe('The guest summary link while the plan is shared'),
  UpdatedAt: InstantSchema,
  Version: RowVersionSchema.describe('1 when created, one more on every change (also Share and Unshare; DESIGN.md §13)'),
  BaselineLockedAt: InstantSchema.nullable().describe(
    'When the plan’s baseline was locked (DESIGN.md §14); null while it is not. After the lock a budget change needs a Reason',
  ),
  BaselineLockedBy: z.string().nullable().describe('Who locked the baseline (their name); null while it is not locked, and for guests'),
  Totals: MoneyTotalsSchema,
  Permissions: PlanPermissionsSchema,
  Landing: LandingSchema.nullable()
    .optional()
    .describe('Where the plan will land (DESIGN.md §14): GetMarketingPlan by id only; lists and guests leave it out'),
});
export type MarketingPlan = z.infer<typeof MarketingPlanSchema>;

export const GetMarketingPlansRequestSchema = z.object({
  TeamId: IdSchema.optional().describe('The team; when missing, the plans of every team the caller may see'),
});

export const GetMarketingPlanRequestSchema = z.object({
  MarketingPlanId: z
    .string({ error: 'MarketingPlanId is required.' })
    .trim()
    .min(1, 'MarketingPlanId is required.')
    .max(100, 'MarketingPlanId is too long.')
    .describe('With a token: the plan id. Without a token: the share key of a shared plan.'),
});

export const MarketingPlanIdRequestSchema = z.object({ MarketingPlanId: IdSchema });

export const DeleteMarketingPlanRequestSchema = z.object({
  MarketingPlanId: IdSchema,
  Version: VersionSchema,
});

export const PlanSaveRequestSchema = z
  .object({
    Id: SaveIdSchema,
    Name: NameSchema,
    Description: DescriptionSchema,
    Active: z.boolean().optional(),
    State: PlanStateSchema.optional().describe('New plans default to 1 (live)'),
    StartDate: DateOnlySchema.optional().describe('New plans default to today'),
    EndDate: DateOnlySchema.optional().describe('New plans default to StartDate + 365 days'),
    TeamId: IdSchema,
    Currency: CurrencyCodeSchema.optional().describe(
      'The default Currency of its new items (DESIGN.md §17). Create: missing is the base currency. Update: missing keeps it; a change while the plan has budget items is 409',
    ),
    Version: VersionSchema.optional().describe('Required when updating: the Version read; a stale one answers 409 (DESIGN.md §13)'),
  })
  .refine((plan) => !plan.StartDate || !plan.EndDate || plan.EndDate >= plan.StartDate, {
    message: 'EndDate cannot be before StartDate.',
    path: ['EndDate'],
  })
  .superRefine(requireVersionOnUpdate);
export type PlanSaveRequest = z.input<typeof PlanSaveRequestSchema>;

export const CategoryTotalsSchema = MoneyTotalsSchema.extend({
  BudgetCategoryId: IdSchema,
  Name: z.string(),
  CategoryType: CategoryTypeSchema,
});
export const TypeTotalsSchema = MoneyTotalsSchema.extend({
  ItemType: z.union([z.literal(1), z.literal(2)]).describe('1 productive, 2 operational'),
});

export const PlanTotalsSchema = z.object({
  MarketingPlanId: IdSchema,
  Totals: MoneyTotalsSchema,
  ByCategory: z.array(CategoryTotalsSchema),
  ByType: z.array(TypeTotalsSchema),
  UnassignedActual: z.number().describe('Actual expenses of the plan not tied to a budget item'),
  RebuiltAt: InstantSchema,
});
export type PlanTotals = z.infer<typeof PlanTotalsSchema>;

export const planRoutes = defineRoutes({
  getMarketingPlans: {
    method: 'POST',
    path: '/api/MarketingPlanClient/GetMarketingPlans',
    access: 'authenticated',
    summary: 'The plans of a team the caller may see (every state), with their money totals.',
    body: GetMarketingPlansRequestSchema,
    response: z.array(MarketingPlanSchema),
    tags: ['plans'],
  },
  getMarketingPlan: {
    method: 'POST',
    path: '/api/MarketingPlanClient/GetMarketingPlan',
    access: 'anonymous',
    summary:
      'One plan. With a token: by id within the caller’s teams. Without a token: only a shared plan, addressed by its share key (never by id).',
    body: GetMarketingPlanRequestSchema,
    response: MarketingPlanSchema,
    tags: ['plans'],
  },
  save: {
    method: 'POST',
    path: '/api/MarketingPlanClient/Save',
    access: 'authenticated',
    permission: 'plan.save',
    summary:
      'Create (empty or missing Id: State 1, today to +365 days unless given) or update a plan (with the Version read: a stale one answers 409 with the plan as it is now). Owner, Admin or the team’s Lead.',
    body: PlanSaveRequestSchema,
    response: MarketingPlanSchema,
    tags: ['plans'],
  },
  rebuildPlan: {
    method: 'POST',
    path: '/api/MarketingPlanClient/RebuildPlan',
    access: 'authenticated',
    summary:
      'Recomputes the plan’s totals from its budget items and active expenses in one grouped query: budget, actual (Status 3), committed (2), planned (1), available and burn rate (actual ÷ budget), for the plan, per budget category and per item type. Nothing is cached, so the figures are always current.',
    body: MarketingPlanIdRequestSchema,
    response: PlanTotalsSchema,
    tags: ['plans'],
  },
  delete: {
    method: 'POST',
    path: '/api/MarketingPlanClient/Delete',
    access: 'authenticated',
    permission: 'plan.delete',
    summary:
      'Delete a plan with its budget items, expenses and objectives. Owner, Admin or the team’s Lead. Carries the Version read: a stale one answers 409 with the plan as it is now.',
    body: DeleteMarketingPlanRequestSchema,
    response: z.boolean(),
    tags: ['plans'],
  },
  share: {
    method: 'POST',
    path: '/api/MarketingPlanClient/Share',
    access: 'authenticated',
    permission: 'plan.share',
    summary:
      'Share the plan with guests: sets a new random share key (256 bits) and answers the guest link. An action, not an edit of values read, so it carries no Version; it counts as a change (the answer has the new Version).',
    body: MarketingPlanIdRequestSchema,
    response: MarketingPlanSchema,
    tags: ['plans'],
  },
  unshare: {
    method: 'POST',
    path: '/api/MarketingPlanClient/Unshare',
    access: 'authenticated',
    permission: 'plan.share',
    summary:
      'Stop sharing: clears the share key, so the old guest link stops working. Carries no Version (like Share); the answer has the new one.',
    body: MarketingPlanIdRequestSchema,
    response: MarketingPlanSchema,
    tags: ['plans'],
  },
});
