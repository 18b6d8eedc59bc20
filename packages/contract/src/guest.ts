import { z } from 'zod';
import { CurrencyCodeSchema } from './currencies.ts';
import { ExpenseCategoryTypeSchema } from './expenses.ts';
import { defineRoutes } from './route.ts';

/** A share key as the plans' Share route makes it: URL-safe, 16 to 128 characters. */
export const ShareKeySchema = z
  .string({ error: 'ShareKey is required.' })
  .trim()
  .min(16, 'This link is not valid.')
  .max(128, 'This link is not valid.')
  .regex(/^[A-Za-z0-9_-]+$/, 'This link is not valid.')
  .describe('The plan’s share key (DESIGN.md §5)');

const GuestMoneySchema = z.object({
  Budgeted: z.number(),
  Planned: z.number(),
  Committed: z.number(),
  Actual: z.number(),
  Available: z.number().describe('Budgeted − Committed − Actual'),
  LeftToPlan: z.number().describe('Budgeted − Planned − Committed − Actual'),
});

/** What a guest sees: the plan's name, dates and money by category and type — no people, payees or ids. */
export const GuestPlanSummarySchema = GuestMoneySchema.extend({
  Name: z.string(),
  Description: z.string().nullable(),
  StartDate: z.string(),
  EndDate: z.string(),
  Categories: z.array(GuestMoneySchema.extend({ Name: z.string(), CategoryType: ExpenseCategoryTypeSchema })),
  Types: z.array(GuestMoneySchema.extend({ CategoryType: ExpenseCategoryTypeSchema })),
  BaseCurrency: CurrencyCodeSchema.describe(
    'The plan’s tenant’s base currency: every figure here is in it (a guest has no tenant to read it from)',
  ),
});
export type GuestPlanSummary = z.infer<typeof GuestPlanSummarySchema>;

/** Anonymous summary requests allowed per IP address per minute. */
export const GUEST_SUMMARY_RATE_PER_MINUTE = 30;

export const guestRoutes = defineRoutes({
  getGuestPlanSummary: {
    method: 'POST',
    path: '/guest/plansummary/Get',
    access: 'anonymous',
    summary: 'The read-only summary of a shared plan, by its share key. Rate limited per IP address.',
    body: z.object({ ShareKey: ShareKeySchema }),
    response: GuestPlanSummarySchema,
    tags: ['guest'],
  },
});
