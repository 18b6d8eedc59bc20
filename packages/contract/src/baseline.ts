import { z } from 'zod';
import { IdSchema, InstantSchema, MoneySchema, MonthSchema, VersionSchema } from './common.ts';
import { BudgetItemSchema, REASON_MAX_LENGTH } from './budget.ts';
import { defineRoutes } from './route.ts';

/*
 * A plan's baseline and its budget changes (DESIGN.md §14, issue 31 items 1–2): the Budget per item
 * and month is snapshotted once when the baseline is locked; after that, every change to an item's
 * Amount or months says why and is kept as a budget change. Reallocation moves budget between two
 * items of one plan, with a reason, before or after the lock.
 */

const RequiredReasonSchema = z
  .string({ error: 'Reason is required.' })
  .trim()
  .min(1, 'Reason is required.')
  .max(REASON_MAX_LENGTH, `Reason can be at most ${REASON_MAX_LENGTH} characters.`);

/** The baseline of a plan: locked when, by whom (null while it is not locked). */
export const BaselineStateSchema = z.object({
  MarketingPlanId: IdSchema,
  LockedAt: InstantSchema.nullable().describe('When the baseline was locked; null while it is not'),
  LockedBy: z.string().nullable().describe('Who locked it (their name)'),
});
export type BaselineState = z.infer<typeof BaselineStateSchema>;

export const LockBaselineRequestSchema = z.object({ MarketingPlanId: IdSchema });

export const UnlockBaselineRequestSchema = z.object({
  MarketingPlanId: IdSchema,
  Reason: RequiredReasonSchema.describe('Why the baseline is unlocked; kept in the plan’s activity'),
});

export const BUDGET_CHANGE_KINDS = ['Edit', 'Reallocation', 'RollForward', 'Release'] as const;
export const BudgetChangeKindSchema = z.enum(BUDGET_CHANGE_KINDS);
export type BudgetChangeKind = z.infer<typeof BudgetChangeKindSchema>;

export const BudgetChangeSchema = z.object({
  Id: IdSchema,
  BudgetItemId: IdSchema,
  BudgetItemName: z.string().describe('The item’s name when the change was made (the item may be gone since)'),
  Month: MonthSchema.nullable().describe('The month changed; null: the Amount of an item without monthly phasing'),
  Kind: BudgetChangeKindSchema.describe(
    'Edit (an item’s Amount or months), Reallocation (two rows sharing GroupId), RollForward / Release (a month close)',
  ),
  GroupId: IdSchema.nullable().describe('Shared by the rows of one reallocation'),
  Before: z.number().describe('US dollars'),
  After: z.number().describe('US dollars'),
  Reason: z.string(),
  ChangedBy: z.string().nullable().describe('Who made the change (their name); null when unknown'),
  ChangedAt: InstantSchema,
});
export type BudgetChange = z.infer<typeof BudgetChangeSchema>;

/** The newest budget changes GetBudgetChanges answers. */
export const BUDGET_CHANGES_LIMIT = 500;

/**
 * The Month cell of one item of a reallocation as it was read (DESIGN.md §13, SetMonth's rule): the
 * month's Version from GetPlanMonths; for an item without phasing (its months are its Amount spread)
 * the item's Version; null for a phased item that has no cell in the month.
 */
export const ReallocationCellSchema = z.object({
  BudgetItemId: IdSchema,
  Version: VersionSchema.nullable(),
});

export const ReallocateRequestSchema = z.object({
  FromBudgetItemId: IdSchema,
  ToBudgetItemId: IdSchema.describe('Another item of the same plan (else 400)'),
  Month: MonthSchema.describe('The month moved, in both items; a closed month is 409'),
  Amount: MoneySchema.describe(
    'More than 0, and at most what the source month has left: its Budget − Actual − Committed (400 naming the figure)',
  ),
  Reason: RequiredReasonSchema.describe('Why the money moves; always required'),
  Cells: z
    .array(ReallocationCellSchema)
    .min(2, 'Send the Month cell of both items.')
    .max(2, 'Send the Month cell of both items.')
    .describe(
      'The Month cell of each of the two items as read, with its Version: all or nothing, a stale one answers 409 with both items as they are now',
    ),
});
export type ReallocateRequest = z.input<typeof ReallocateRequestSchema>;

export const ReallocateResultSchema = z.object({
  From: BudgetItemSchema.describe('The source item after the move, with its monthly phasing'),
  To: BudgetItemSchema.describe('The receiving item after the move, with its monthly phasing'),
  GroupId: IdSchema.describe('The budget changes’ group'),
  Description: z.string().describe('What moved, as both items’ activity records it'),
});
export type ReallocateResult = z.infer<typeof ReallocateResultSchema>;

/** What an item's month has left to move: its Budget − Actual − Committed (the Reallocate limit). */
export const MonthLeftSchema = z.object({
  BudgetItemId: IdSchema,
  Month: MonthSchema,
  Budget: z.number().describe('The month’s Budget as the grid shows it (an unphased item: its Amount spread)'),
  Actual: z.number(),
  Committed: z.number(),
  Left: z.number().describe('Budget − Actual − Committed; what a reallocation may move out of the month (never below 0)'),
});
export type MonthLeft = z.infer<typeof MonthLeftSchema>;

export const baselineRoutes = defineRoutes({
  lockBaseline: {
    method: 'POST',
    path: '/api/MarketingPlanClient/LockBaseline',
    access: 'authenticated',
    permission: 'plan.lockBaseline',
    summary:
      'Locks the plan’s baseline: snapshots every item’s Budget per month (an unphased item’s Amount spread evenly over the plan’s months, as the month grid shows it). Once: a locked baseline is 409. From then on a budget change needs a Reason and is kept as a budget change. The team’s Lead, an Admin or the Owner; audited.',
    body: LockBaselineRequestSchema,
    response: BaselineStateSchema,
    tags: ['plans'],
  },
  unlockBaseline: {
    method: 'POST',
    path: '/api/MarketingPlanClient/UnlockBaseline',
    access: 'authenticated',
    permission: 'plan.unlockBaseline',
    summary:
      'Unlocks the plan’s baseline (the snapshot is dropped; the budget changes stay listed). A Reason is required; audited. An Admin or the Owner; 409 when it is not locked.',
    body: UnlockBaselineRequestSchema,
    response: BaselineStateSchema,
    tags: ['plans'],
  },
  getBudgetChanges: {
    method: 'POST',
    path: '/api/MarketingPlanClient/GetBudgetChanges',
    access: 'authenticated',
    summary: `The plan’s budget changes, newest first (at most ${BUDGET_CHANGES_LIMIT}): item, month, before → after, reason, who and when.`,
    body: z.object({ MarketingPlanId: IdSchema }),
    response: z.array(BudgetChangeSchema),
    tags: ['plans'],
  },
  getMonthLeft: {
    method: 'POST',
    path: '/api/BudgetItemClient/GetMonthLeft',
    access: 'authenticated',
    summary: 'What an item’s month has left to reallocate: Budget − Actual − Committed, with its parts (the Reallocate dialog shows it).',
    body: z.object({ BudgetItemId: IdSchema, Month: MonthSchema }),
    response: MonthLeftSchema,
    tags: ['budget items'],
  },
  reallocate: {
    method: 'POST',
    path: '/api/BudgetItemClient/Reallocate',
    access: 'authenticated',
    permission: 'budgetItem.edit',
    summary:
      'Moves Amount of Month’s budget from one item to another of the same plan, in one transaction: the plan total is unchanged, both items’ totals move. An item without monthly phasing is phased first by its Amount spread evenly over the plan’s months (as the month grid shows it), then the month changes. Recorded as two budget changes (one group) and in both items’ activity. A Reason is always required; before and after the baseline lock. Owner, Admin, or the team’s Lead or Planner.',
    body: ReallocateRequestSchema,
    response: ReallocateResultSchema,
    tags: ['budget items'],
  },
});
