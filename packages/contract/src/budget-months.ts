import { z } from 'zod';
import { IdSchema, NonNegativeMoneySchema } from './common.ts';
import { BudgetItemSchema, BudgetMonthSchema, phasingSumError } from './budget.ts';
import { defineRoutes } from './route.ts';

/** Items in one SaveMonths call (a pasted block, or its undo). */
export const SAVE_MONTHS_MAX_ITEMS = 1000;

export const ItemMonthsSchema = z.object({
  BudgetItemId: IdSchema,
  Months: z.array(BudgetMonthSchema).describe('The item’s phasing; empty when the item is not phased'),
});
export type ItemMonths = z.infer<typeof ItemMonthsSchema>;

export const SaveMonthsItemSchema = z
  .object({
    BudgetItemId: IdSchema,
    Amount: NonNegativeMoneySchema,
    Months: z.array(BudgetMonthSchema).max(120, 'At most 120 months.').nullable().describe('null or [] clears the phasing'),
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
});
export type SaveMonthsRequest = z.input<typeof SaveMonthsRequestSchema>;

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
    summary:
      'Sets the amount and monthly phasing of several items of one plan in one transaction (a pasted block of cells). Owner, Admin, or the team’s Lead or Planner; not in an archived plan.',
    body: SaveMonthsRequestSchema,
    response: z.array(BudgetItemSchema),
    bodyLimit: { bytes: 1024 * 1024, message: 'Too many cells at once: paste at most 1,000 rows.' },
    tags: ['budget items'],
  },
});
