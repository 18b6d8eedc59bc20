import { z } from 'zod';
import { IdSchema, VersionSchema } from './common.ts';
import { CurrencyCodeSchema } from './currencies.ts';
import {
  BudgetAmountSchema,
  BudgetChangeReasonSchema,
  BudgetItemSchema,
  BudgetMonthReadSchema,
  BudgetMonthSchema,
  CellVersionSchema,
  phasingSumError,
} from './budget.ts';
import { defineRoutes } from './route.ts';

/** Items in one SaveMonths call (a pasted block, or its undo). */
export const SAVE_MONTHS_MAX_ITEMS = 1000;

export const ItemMonthsSchema = z.object({
  BudgetItemId: IdSchema,
  Currency: CurrencyCodeSchema.describe('The item’s own currency (DESIGN.md §17): its months’ Amount is in it, BaseAmount in the base'),
  Months: z
    .array(BudgetMonthReadSchema)
    .describe('The item’s phasing, each month with its cell’s Version; empty when the item is not phased'),
});
export type ItemMonths = z.infer<typeof ItemMonthsSchema>;

// A month cell as it was read (DESIGN.md §13): defined with the item's Save, which sends them too.
export { type CellVersion, CellVersionSchema } from './budget.ts';

const CellsSchema = z.array(CellVersionSchema).max(120, 'At most 120 months.');

/** The message when keeping the year total comes without the month versions the spread would change. */
export const CELLS_REQUIRED_MESSAGE = 'Cells is required when keeping the year total: send the Version of each month of the item you read.';

export const SaveMonthsItemSchema = z
  .object({
    BudgetItemId: IdSchema,
    Amount: BudgetAmountSchema.describe('In the item’s Currency (DESIGN.md §17), with at most its decimals (400 otherwise)'),
    Months: z
      .array(BudgetMonthSchema)
      .max(120, 'At most 120 months.')
      .nullable()
      .describe('In the item’s Currency; null or [] clears the phasing'),
    Version: VersionSchema.describe(
      'The item’s Version as read. Checked when the item had no months as read (Cells empty): its cells were its Amount spread evenly',
    ),
    Cells: CellsSchema.default([]).describe(
      'Every month cell the item had as read, with its Version (ItemMonths); [] (or missing) for an unphased item. The save replaces the whole row, so the item’s cells now must be exactly these: a cell changed, added or removed since answers 409 with the items as they are now, and nothing of the block is written',
    ),
  })
  // The phasing-sum rule (DESIGN.md §5), as on Save.
  .superRefine((item, context) => {
    const message = item.Months ? phasingSumError(item.Months, item.Amount) : null;
    if (message) context.addIssue({ code: 'custom', path: ['Months'], message });
  });
export type SaveMonthsItem = z.input<typeof SaveMonthsItemSchema>;

export const SaveMonthsRequestSchema = z.object({
  MarketingPlanId: IdSchema,
  Items: z
    .array(SaveMonthsItemSchema)
    .min(1, 'Send at least one item.')
    .max(SAVE_MONTHS_MAX_ITEMS, `At most ${SAVE_MONTHS_MAX_ITEMS} items at once.`),
  Reason: BudgetChangeReasonSchema.describe(
    'Why the block changes (one reason for the whole save). Required (400) once the plan’s baseline is locked; kept with each budget change row',
  ),
});
export type SaveMonthsRequest = z.input<typeof SaveMonthsRequestSchema>;

/** One month of one item typed in the grid (issue 28 B2): the year total changes, or is kept. */
export const SetMonthRequestSchema = z
  .object({
    BudgetItemId: IdSchema,
    Month: BudgetMonthSchema.shape.Month,
    Amount: BudgetAmountSchema.describe('The month’s new amount, in the item’s Currency (DESIGN.md §17; at most its decimals)'),
    YearTotal: BudgetAmountSchema.nullable().describe(
      'null: the item’s total becomes the sum of its months (it changes by what the month changed). An amount: the item’s total is kept at it; the other open months (this month and later, in the tenant’s time zone) take the difference, spread evenly to the cent (a month never goes below zero)',
    ),
    Version: VersionSchema.nullable().describe(
      'The cell’s Version as read (DESIGN.md §13): the month’s Version from ItemMonths; for an unphased item (its months are its Amount spread) the item’s Version; null for a month a phased item has no cell for. Only this cell is checked, so two people typing different months of one item do not conflict; a stale one answers 409 with the item and its months as they are now',
    ),
    Reason: BudgetChangeReasonSchema,
    Cells: CellsSchema.optional().describe(
      'Required with YearTotal: every month cell of the item as read, with its Version ([] for an unphased item). Keeping the total changes the other open months, so they must still be as read',
    ),
  })
  .superRefine((body, context) => {
    if (body.YearTotal !== null && body.Cells === undefined)
      context.addIssue({ code: 'custom', path: ['Cells'], message: CELLS_REQUIRED_MESSAGE });
  });
export type SetMonthRequest = z.input<typeof SetMonthRequestSchema>;

export const SetMonthResultSchema = z.object({
  Item: BudgetItemSchema.describe(
    'The item after the change, with its monthly phasing; when the change waits for approval (Item.WaitingForApproval, DESIGN.md §15) the item as it is, unchanged, and Description starts “Waiting for approval: ”',
  ),
  Description: z.string().describe('What changed, as the activity records it: “Google Ads: $24,000.00 → $27,000.00 for the year”'),
});
export type SetMonthResult = z.infer<typeof SetMonthResultSchema>;

export const budgetMonthRoutes = defineRoutes({
  getPlanMonths: {
    method: 'POST',
    path: '/api/BudgetItemClient/GetPlanMonths',
    access: 'authenticated',
    summary: 'The monthly phasing of every phased item of a plan, for the month grid.',
    body: z.object({ MarketingPlanId: IdSchema }),
    response: z.array(ItemMonthsSchema),
    tags: ['budget items'],
  },
  saveMonths: {
    method: 'POST',
    path: '/api/BudgetItemClient/SaveMonths',
    access: 'authenticated',
    permission: 'budgetItem.edit',
    summary:
      'Sets the amount and monthly phasing of several items of one plan in one transaction (a pasted block of cells). Owner, Admin, or the team’s Lead or Planner; not in an archived plan. After the baseline lock, item by item: an item whose change is at or above the team’s BudgetChangeThreshold (by someone who does not decide) is not written and comes back unchanged with WaitingForApproval (DESIGN.md §15); the others are saved.',
    body: SaveMonthsRequestSchema,
    response: z.array(BudgetItemSchema),
    bodyLimit: { bytes: 1024 * 1024, message: 'Too many cells at once: paste at most 1,000 rows.' },
    tags: ['budget items'],
  },
  setMonth: {
    method: 'POST',
    path: '/api/BudgetItemClient/SetMonth',
    access: 'authenticated',
    permission: 'budgetItem.edit',
    summary:
      'Sets one month of one item: its year total changes by the difference, or is kept by spreading the difference over the other open months. Says what changed. Owner, Admin, or the team’s Lead or Planner; not in an archived plan.',
    body: SetMonthRequestSchema,
    response: SetMonthResultSchema,
    tags: ['budget items'],
  },
});
