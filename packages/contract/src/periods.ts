import { z } from 'zod';
import { DateOnlySchema, IdSchema, InstantSchema, MonthSchema, RowVersionSchema } from './common.ts';
import { ExpenseStatusSchema } from './expenses.ts';
import { defineRoutes } from './route.ts';

/**
 * Month close (DESIGN.md §14, issue 31.4): a plan's months close in order, once no Planned or
 * Committed expense is left dated in them or earlier; each item's unspent budget of the month rolls
 * forward into the next month or is released. Nothing dated in a closed month can be created,
 * changed or deleted afterwards (409 naming the month), by any path.
 */

export const UNSPENT_CHOICES = ['RollForward', 'Release'] as const;
export const UnspentChoiceSchema = z
  .enum(UNSPENT_CHOICES, { error: 'Unspent must be RollForward or Release.' })
  .describe(
    'RollForward: each item’s unspent budget of the month (Budget − Actual, never negative) moves into the item’s next month of the plan. Release: the month’s budget drops to its Actual, and the item’s Amount with it, so Left to plan grows',
  );
export type UnspentChoice = z.infer<typeof UnspentChoiceSchema>;

export const PeriodBlockerSchema = z.object({
  ExpenseId: IdSchema,
  Name: z.string(),
  PurchaseDate: DateOnlySchema,
  Status: ExpenseStatusSchema.describe(
    '1 planned or 2 committed: what keeps the month from closing; any status (3 actual too) while its approval is pending',
  ),
  Approval: z
    .literal('Pending')
    .nullable()
    .describe('Pending: an approval request waits for it (DESIGN.md §15), which blocks the close until it is approved or rejected'),
  StatusLabel: z.string().describe('What blocks it, as the close screen says it: “Pending approval”, else “Planned” or “Committed”'),
  Amount: z.number().describe('US dollars'),
  BudgetItemId: IdSchema.nullable(),
  BudgetItemName: z.string().nullable(),
  Version: RowVersionSchema.describe('The expense’s Version, for ExpenseClient/Save or Delete from the close screen'),
});
export type PeriodBlocker = z.infer<typeof PeriodBlockerSchema>;

export const PeriodUnspentSchema = z.object({
  BudgetItemId: IdSchema,
  Name: z.string(),
  Budget: z
    .number()
    .describe('The item’s Budget of the month (its phasing, or its Amount spread evenly over the plan’s months), US dollars'),
  Actual: z.number().describe('Actual expenses of the item dated in the month, US dollars'),
  Unspent: z.number().describe('Budget − Actual, never negative: what the close rolls forward or releases'),
});
export type PeriodUnspent = z.infer<typeof PeriodUnspentSchema>;

export const PeriodMonthSchema = z.object({
  Month: MonthSchema,
  State: z.enum(['Open', 'Closed']),
  ClosedAt: InstantSchema.nullable(),
  ClosedBy: z.string().nullable().describe('Who closed it (first and last name)'),
  UnspentChoice: UnspentChoiceSchema.nullable().describe('What the close did with the unspent budget; null while open'),
  Blockers: z
    .array(PeriodBlockerSchema)
    .describe(
      'Only for the next month to close: the active Planned or Committed expenses dated in it or earlier, and those pending approval whatever their Status, oldest first',
    ),
  Unspent: z
    .array(PeriodUnspentSchema)
    .describe(
      'Only for the next month to close: each active item with budget or actual in the month. An inactive item counts nowhere (Budget 0 in ForecastClient and the report): its month budget is neither rolled forward nor released, and stays as it is',
    ),
});
export type PeriodMonth = z.infer<typeof PeriodMonthSchema>;

export const PlanPeriodsSchema = z.object({
  MarketingPlanId: IdSchema,
  PlanName: z.string(),
  Months: z.array(PeriodMonthSchema).describe('Every month of the plan, first to last'),
  NextMonth: MonthSchema.nullable().describe('The first open month: the only one Close accepts; null when every month is closed'),
  NextMonthEnded: z
    .boolean()
    .describe('Whether the next month has ended in the tenant’s time zone (a month closes only after its last day)'),
  LatestClosed: MonthSchema.nullable().describe('The last closed month: the only one Reopen accepts'),
  CanClose: z.boolean().describe('The caller may close months of this plan (the team’s Lead, an Admin or the Owner)'),
  CanReopen: z.boolean().describe('The caller may reopen a month (an Admin or the Owner)'),
});
export type PlanPeriods = z.infer<typeof PlanPeriodsSchema>;

export const ClosePeriodRequestSchema = z.object({
  MarketingPlanId: IdSchema,
  Month: MonthSchema,
  Unspent: UnspentChoiceSchema,
});
export type ClosePeriodRequest = z.input<typeof ClosePeriodRequestSchema>;

export const REOPEN_REASON_MAX = 500;
export const ReopenPeriodRequestSchema = z.object({
  MarketingPlanId: IdSchema,
  Month: MonthSchema,
  Reason: z
    .string({ error: 'Reason is required.' })
    .trim()
    .min(1, 'Reason is required: say why the month is reopened.')
    .max(REOPEN_REASON_MAX, `Reason can be at most ${REOPEN_REASON_MAX} characters.`),
});
export type ReopenPeriodRequest = z.input<typeof ReopenPeriodRequestSchema>;

export const planPeriodRoutes = defineRoutes({
  get: {
    method: 'POST',
    path: '/api/PlanPeriodClient/Get',
    access: 'authenticated',
    summary: 'The plan’s months, closed or open (who closed each and when), and the next month’s blockers and unspent budget per item.',
    body: z.object({ MarketingPlanId: IdSchema }),
    response: PlanPeriodsSchema,
    tags: ['month close'],
  },
  close: {
    method: 'POST',
    path: '/api/PlanPeriodClient/Close',
    access: 'authenticated',
    permission: 'period.close',
    summary:
      'Closes the plan’s next open month (the team’s Lead, an Admin or the Owner; not in an archived plan). 409 when an earlier month is open (“Close March 2026 first”), while any Planned or Committed expense, or one pending approval, is dated in the month or earlier (listed by name, “Pending approval” for a request), when the month has not ended, or when RollForward is asked in the plan’s last month (nothing after it: choose Release). Unphased items get their months first (their Amount spread evenly, as the grid shows them); each item’s unspent budget (Budget − Actual, never negative) then moves into the next month (RollForward) or is released (Release: the month’s budget and the item’s Amount drop by it), recorded as budget changes with the reason “Month close: March 2026”. One transaction, in the activity trail.',
    body: ClosePeriodRequestSchema,
    response: PlanPeriodsSchema,
    tags: ['month close'],
  },
  reopen: {
    method: 'POST',
    path: '/api/PlanPeriodClient/Reopen',
    access: 'authenticated',
    permission: 'period.reopen',
    summary:
      'Reopens the plan’s latest closed month (an Admin or the Owner) with a reason, in the activity trail. Any other month answers 409. The close’s roll-forward or release stays: reopening does not move budget back.',
    body: ReopenPeriodRequestSchema,
    response: PlanPeriodsSchema,
    tags: ['month close'],
  },
});
