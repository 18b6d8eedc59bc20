import { SPENDING_TOP_PAYEES, type SpendingCategory, type SpendingPayee, type SpendingReport } from '@plansmith/contract';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { leftToPlanCents, toDollars } from '../../lib/money.ts';
import { callerToday } from '../../lib/today.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { type PlanRow, requirePlanAccess } from '../access/index.ts';
import { type CategoryReportRow, selectBudgetCategoriesReport, selectPlanFx } from '../reports/index.ts';
import { buildSpendingMonths, elapsedRatio } from './spending-months.ts';
import { selectPhasedBudget, selectSpendByMonth, selectTopPayees } from './spending.repository.ts';

export const NO_PAYEE = '(No payee)';
export const OTHER_PAYEES = 'Other payees';

export const toSpendingCategories = (rows: CategoryReportRow[]): SpendingCategory[] =>
  rows.flatMap((row) =>
    row.level === 'category' && (row.budgeted !== 0 || row.planned !== 0 || row.committed !== 0 || row.actual !== 0)
      ? [
          {
            BudgetCategoryId: row.id,
            Name: row.name,
            CategoryType: row.categoryType,
            Budgeted: toDollars(row.budgeted),
            Planned: toDollars(row.planned),
            Committed: toDollars(row.committed),
            Actual: toDollars(row.actual),
          },
        ]
      : [],
  );

/** Everything the spending screen and the dashboard share, for one plan the caller may read. */
export const loadPlanSpending = async (db: Db, tenantId: string, plan: PlanRow, today: string) => {
  const [reportRows, budget, spend, fx] = await Promise.all([
    selectBudgetCategoriesReport(db, tenantId, plan.id),
    selectPhasedBudget(db, tenantId, plan.id),
    selectSpendByMonth(db, tenantId, plan.id),
    selectPlanFx(db, tenantId, plan.id),
  ]);
  const total = reportRows.find((row) => row.level === 'total') ?? { budgeted: 0, planned: 0, committed: 0, actual: 0, requested: 0 };
  return {
    total,
    months: buildSpendingMonths(plan, budget, spend),
    categories: toSpendingCategories(reportRows),
    /** Committed and actual money of every active expense, for the payee lines. */
    spendTotals: {
      committed: spend.reduce((sum, row) => sum + row.committed, 0),
      actual: spend.reduce((sum, row) => sum + row.actual, 0),
      count: spend.reduce((sum, row) => sum + row.count, 0),
    },
    elapsed: elapsedRatio(plan.startDate, plan.endDate, today),
    /** The tenant's base currency (every figure is in it) and the plan's FX variance in its minor units (DESIGN.md §17). */
    fx,
  };
};

export const createSpendingService = (ctx: AppContext) => ({
  spendingReport: async (auth: AuthContext, planId: string): Promise<SpendingReport> => {
    const { plan } = await requirePlanAccess(ctx.db, auth, planId);
    const today = callerToday(ctx, auth);
    const [spending, payees] = await Promise.all([
      loadPlanSpending(ctx.db, auth.tenantId, plan, today),
      selectTopPayees(ctx.db, auth.tenantId, plan.id, SPENDING_TOP_PAYEES),
    ]);
    const byPayee: SpendingPayee[] = payees.map((row) => ({
      Payee: row.payee ?? NO_PAYEE,
      Committed: toDollars(row.committed),
      Actual: toDollars(row.actual),
      Count: row.count,
    }));
    const rest = {
      committed: spending.spendTotals.committed - payees.reduce((sum, row) => sum + row.committed, 0),
      actual: spending.spendTotals.actual - payees.reduce((sum, row) => sum + row.actual, 0),
      count: spending.spendTotals.count - payees.reduce((sum, row) => sum + row.count, 0),
    };
    if (rest.count > 0) {
      byPayee.push({ Payee: OTHER_PAYEES, Committed: toDollars(rest.committed), Actual: toDollars(rest.actual), Count: rest.count });
    }
    return {
      MarketingPlanId: plan.id,
      PlanName: plan.name,
      StartDate: plan.startDate,
      EndDate: plan.endDate,
      AsOf: today,
      ElapsedRatio: spending.elapsed,
      Budgeted: toDollars(spending.total.budgeted),
      Planned: toDollars(spending.total.planned),
      Committed: toDollars(spending.total.committed),
      Actual: toDollars(spending.total.actual),
      Available: toDollars(spending.total.budgeted - spending.total.committed - spending.total.actual),
      LeftToPlan: toDollars(leftToPlanCents({ ...spending.total, budget: spending.total.budgeted })),
      Months: spending.months,
      ByCategory: spending.categories,
      ByPayee: byPayee,
      BaseCurrency: spending.fx.baseCurrency,
      FxVariance: toDollars(spending.fx.total),
      ForeignExpenseCount: spending.fx.foreignCount,
    };
  },
});
