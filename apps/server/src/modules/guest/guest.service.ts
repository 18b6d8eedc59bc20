import { DEFAULT_CURRENCY, type GuestPlanSummary } from '@plansmith/contract';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../lib/http-errors.ts';
import { leftToPlanCents, toDollars } from '../../lib/money.ts';
import { marketingPlans } from '../../schema/plans.ts';
import { tenants } from '../../schema/tenants.ts';
import { type CentsLine, selectBudgetCategoriesReport } from '../reports/index.ts';

const NOT_AVAILABLE = 'This plan summary';

const money = (line: CentsLine) => ({
  Budgeted: toDollars(line.budgeted),
  Planned: toDollars(line.planned),
  Committed: toDollars(line.committed),
  Actual: toDollars(line.actual),
  Available: toDollars(line.budgeted - line.committed - line.actual),
  LeftToPlan: toDollars(leftToPlanCents({ ...line, budget: line.budgeted })),
});

/**
 * The guest view of a shared plan (DESIGN.md §5, §7.7). The share key is the only credential:
 * a plan id never opens it, and an unknown or withdrawn key answers 404 like any missing plan.
 * Only the plan's name, description, dates and money by category leave the server.
 */
export const createGuestService = (ctx: AppContext) => ({
  getPlanSummary: async (shareKey: string): Promise<GuestPlanSummary> => {
    const [plan] = await ctx.db
      .select({
        tenantId: marketingPlans.tenantId,
        id: marketingPlans.id,
        name: marketingPlans.name,
        description: marketingPlans.description,
        startDate: marketingPlans.startDate,
        endDate: marketingPlans.endDate,
        active: marketingPlans.active,
      })
      .from(marketingPlans)
      .where(eq(marketingPlans.shareKey, shareKey))
      .limit(1);
    if (!plan?.active) throw notFound(NOT_AVAILABLE);
    // The share key found the tenant; everything after is pinned to it (tenant-routing.pg.test.ts).
    const [tenant] = await ctx.db.select({ baseCurrency: tenants.baseCurrency }).from(tenants).where(eq(tenants.id, plan.tenantId));
    const rows = await selectBudgetCategoriesReport(ctx.db, plan.tenantId, plan.id);
    const summary: GuestPlanSummary = {
      Name: plan.name,
      Description: plan.description,
      StartDate: plan.startDate,
      EndDate: plan.endDate,
      ...money({ budgeted: 0, planned: 0, committed: 0, actual: 0, requested: 0 }),
      Categories: [],
      Types: [],
      BaseCurrency: tenant?.baseCurrency ?? DEFAULT_CURRENCY,
    };
    for (const row of rows) {
      if (row.level === 'category') {
        if (row.budgeted !== 0 || row.planned !== 0 || row.committed !== 0 || row.actual !== 0) {
          summary.Categories.push({ Name: row.name, CategoryType: row.categoryType, ...money(row) });
        }
      } else if (row.level === 'type') {
        summary.Types.push({ CategoryType: row.categoryType, ...money(row) });
      } else {
        Object.assign(summary, money(row));
      }
    }
    return summary;
  },
});
