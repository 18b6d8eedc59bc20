import type { BudgetCategoriesReport, ReportMoney } from '@plansmith/contract';
import type { AppContext } from '../../context.ts';
import { leftToPlanCents, toDollars } from '../../lib/money.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { requirePlanAccess } from '../access/index.ts';
import { type CentsLine, selectBudgetCategoriesReport } from './reports.repository.ts';

const EMPTY: CentsLine = { budgeted: 0, planned: 0, committed: 0, actual: 0 };

/** Dollars and derived figures of one line; the arithmetic stays in cents until the end. */
export const toReportMoney = (line: CentsLine): ReportMoney => ({
  Budgeted: toDollars(line.budgeted),
  Planned: toDollars(line.planned),
  Committed: toDollars(line.committed),
  Actual: toDollars(line.actual),
  Available: toDollars(line.budgeted - line.committed - line.actual),
  LeftToPlan: toDollars(leftToPlanCents({ ...line, budget: line.budgeted })),
  Variance: toDollars(line.budgeted - line.actual),
  Percent: line.budgeted === 0 ? null : line.actual / line.budgeted,
});

export const createReportsService = (ctx: AppContext) => ({
  budgetCategoriesReport: async (auth: AuthContext, planId: string): Promise<BudgetCategoriesReport> => {
    const { plan } = await requirePlanAccess(ctx.db, auth, planId);
    const rows = await selectBudgetCategoriesReport(ctx.db, auth.tenantId, plan.id);
    const report: BudgetCategoriesReport = {
      MarketingPlanId: plan.id,
      PlanName: plan.name,
      StartDate: plan.startDate,
      EndDate: plan.endDate,
      Rows: [],
      Subtotals: [],
      Totals: toReportMoney(EMPTY),
    };
    for (const row of rows) {
      if (row.level === 'category') {
        report.Rows.push({
          BudgetCategoryId: row.id,
          Name: row.name,
          CategoryType: row.categoryType,
          SortOrder: row.sortOrder,
          ...toReportMoney(row),
        });
      } else if (row.level === 'type') {
        report.Subtotals.push({ CategoryType: row.categoryType, ...toReportMoney(row) });
      } else {
        report.Totals = toReportMoney(row);
      }
    }
    return report;
  },
});
