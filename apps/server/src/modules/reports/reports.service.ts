import type { BudgetCategoriesReport, ReportMoney } from '@plansmith/contract';
import type { AppContext } from '../../context.ts';
import { leftToPlanCents, toDollars } from '../../lib/money.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { requirePlanAccess } from '../access/index.ts';
import { loadPlanForecast, sumByCategory, type TotalsCents } from '../forecast/index.ts';
import { selectPlanFx } from './fx-variance.repository.ts';
import { type CentsLine, selectBudgetCategoriesReport } from './reports.repository.ts';

const EMPTY: CentsLine = { budgeted: 0, planned: 0, committed: 0, actual: 0, requested: 0 };

/** A line's Baseline and Forecast (DESIGN.md §14), from the forecast every screen shares, and its FX variance (§17), in cents. */
type ForecastLine = { baseline: number | null; forecast: number; fx?: number };

const forecastLine = (totals: TotalsCents | undefined, baselineLocked: boolean): ForecastLine => ({
  baseline: baselineLocked ? (totals?.baseline ?? 0) : null,
  forecast: totals?.forecast ?? 0,
});

/** Dollars and derived figures of one line; the arithmetic stays in cents until the end. */
export const toReportMoney = (line: CentsLine, outlook: ForecastLine): ReportMoney => ({
  Budgeted: toDollars(line.budgeted),
  Planned: toDollars(line.planned),
  Committed: toDollars(line.committed),
  Actual: toDollars(line.actual),
  Requested: toDollars(line.requested),
  Available: toDollars(line.budgeted - line.committed - line.actual),
  LeftToPlan: toDollars(leftToPlanCents({ ...line, budget: line.budgeted })),
  Variance: toDollars(line.budgeted - line.actual),
  Percent: line.budgeted === 0 ? null : line.actual / line.budgeted,
  Baseline: outlook.baseline === null ? null : toDollars(outlook.baseline),
  Forecast: toDollars(outlook.forecast),
  ForecastVariance: toDollars(line.budgeted - outlook.forecast),
  FxVariance: toDollars(outlook.fx ?? 0),
});

export const createReportsService = (ctx: AppContext) => ({
  budgetCategoriesReport: async (auth: AuthContext, planId: string): Promise<BudgetCategoriesReport> => {
    const { plan } = await requirePlanAccess(ctx.db, auth, planId);
    const [rows, forecast, fx] = await Promise.all([
      selectBudgetCategoriesReport(ctx.db, auth.tenantId, plan.id),
      loadPlanForecast(ctx.db, auth.tenantId, plan),
      selectPlanFx(ctx.db, auth.tenantId, plan.id),
    ]);
    const locked = forecast.baselineLocked;
    const byCategory = sumByCategory(forecast);
    // A type's subtotal sums its listed categories, as its money columns do.
    const byType = new Map<number, ForecastLine>();
    for (const row of rows) {
      if (row.level !== 'category') continue;
      const line = forecastLine(byCategory.get(row.id), locked);
      const sum = byType.get(row.categoryType) ?? forecastLine(undefined, locked);
      byType.set(row.categoryType, {
        baseline: sum.baseline === null ? null : sum.baseline + (line.baseline ?? 0),
        forecast: sum.forecast + line.forecast,
        fx: (sum.fx ?? 0) + (fx.byCategory.get(row.id) ?? 0),
      });
    }
    const report: BudgetCategoriesReport = {
      MarketingPlanId: plan.id,
      PlanName: plan.name,
      StartDate: plan.startDate,
      EndDate: plan.endDate,
      Rows: [],
      Subtotals: [],
      Totals: toReportMoney(EMPTY, forecastLine(forecast.totals, locked)),
      BaseCurrency: fx.baseCurrency,
      ForeignExpenseCount: fx.foreignCount,
    };
    // The total's FX variance sums the listed categories' (a category holding foreign spend is always listed).
    let fxListed = 0;
    for (const row of rows) {
      if (row.level === 'category') {
        report.Rows.push({
          BudgetCategoryId: row.id,
          Name: row.name,
          CategoryType: row.categoryType,
          SortOrder: row.sortOrder,
          ...toReportMoney(row, { ...forecastLine(byCategory.get(row.id), locked), fx: fx.byCategory.get(row.id) ?? 0 }),
        });
        fxListed += fx.byCategory.get(row.id) ?? 0;
      } else if (row.level === 'type') {
        report.Subtotals.push({
          CategoryType: row.categoryType,
          ...toReportMoney(row, byType.get(row.categoryType) ?? forecastLine(undefined, locked)),
        });
      } else {
        report.Totals = toReportMoney(row, { ...forecastLine(forecast.totals, locked), fx: fxListed });
      }
    }
    return report;
  },
});
