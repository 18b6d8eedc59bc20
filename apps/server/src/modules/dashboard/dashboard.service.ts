import { DASHBOARD_ACTIVITY_LIMIT, DASHBOARD_OVERDUE_LIMIT, DASHBOARD_TOP_CATEGORIES, type Dashboard } from '@plansmith/contract';
import type { AppContext } from '../../context.ts';
import { leftToPlanCents, toDollars } from '../../lib/money.ts';
import { callerToday } from '../../lib/today.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { listRecentPlanActivities } from '../activities/index.ts';
import { sumPendingRequests } from '../approvals/index.ts';
import { requirePlanAccess } from '../access/index.ts';
import { listOverdueExpenses, sumOverdueExpenses } from '../expenses/index.ts';
import { loadPlanLanding } from '../forecast/index.ts';
import { loadPlanSpending } from '../spending/index.ts';

export const createDashboardService = (ctx: AppContext) => ({
  getDashboard: async (auth: AuthContext, planId: string): Promise<Dashboard> => {
    const { plan, permission } = await requirePlanAccess(ctx.db, auth, planId);
    const today = callerToday(ctx, auth);
    const [spending, overdue, overdueSums, activity, landing] = await Promise.all([
      loadPlanSpending(ctx.db, auth.tenantId, plan, today),
      listOverdueExpenses(ctx.db, auth.tenantId, plan.id, today, DASHBOARD_OVERDUE_LIMIT),
      sumOverdueExpenses(ctx.db, auth.tenantId, plan.id, today),
      listRecentPlanActivities(ctx.db, auth, plan.id, permission, DASHBOARD_ACTIVITY_LIMIT),
      loadPlanLanding(ctx.db, auth.tenantId, plan),
    ]);
    const { budgeted, planned, committed, actual, requested } = spending.total;
    const waiting = await sumPendingRequests(ctx.db, auth.tenantId, plan.id);
    return {
      MarketingPlanId: plan.id,
      PlanName: plan.name,
      StartDate: plan.startDate,
      EndDate: plan.endDate,
      AsOf: today,
      ElapsedRatio: spending.elapsed,
      Budgeted: toDollars(budgeted),
      Planned: toDollars(planned),
      Committed: toDollars(committed),
      Actual: toDollars(actual),
      Requested: toDollars(requested),
      WaitingForApproval: { Count: waiting.count, Amount: toDollars(waiting.amountCents) },
      Available: toDollars(budgeted - committed - actual),
      LeftToPlan: toDollars(leftToPlanCents({ budget: budgeted, planned, committed, actual })),
      BurnRate: budgeted > 0 ? actual / budgeted : 0,
      Months: spending.months,
      TopCategories: [...spending.categories]
        .filter((category) => category.Actual > 0 || category.Committed > 0)
        .sort((a, b) => b.Actual - a.Actual || b.Committed - a.Committed)
        .slice(0, DASHBOARD_TOP_CATEGORIES),
      Overdue: overdue,
      OverdueCount: overdueSums.count,
      OverdueAmount: toDollars(overdueSums.amount),
      RecentActivity: activity,
      Landing: landing,
      BaseCurrency: spending.fx.baseCurrency,
      FxVariance: toDollars(spending.fx.total),
      ForeignExpenseCount: spending.fx.foreignCount,
    };
  },
});
