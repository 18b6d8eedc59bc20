import { type Expense, expenseRoutes, type PlanPeriods, planPeriodRoutes, type UnspentChoice } from '@plansmith/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';
import { budgetKeys, dashboardKeys, expenseKeys, planKeys } from '../../../shared/api/query-keys.ts';

/** The close screen's one query: the plan's months, the next month's blockers and unspent budget. */
export const periodKeys = { plan: (planId: string) => ['periods', planId] as const };

export const usePlanPeriods = (planId: string) =>
  useQuery({ queryKey: periodKeys.plan(planId), queryFn: () => callApi(planPeriodRoutes.get, { MarketingPlanId: planId }) });

/** After a close, a reopen or an expense settled here: the months, and every screen that shows the money. */
const useRefresh = () => {
  const queryClient = useQueryClient();
  return (planId: string, periods?: PlanPeriods) => {
    if (periods) queryClient.setQueryData(periodKeys.plan(planId), periods);
    else void queryClient.invalidateQueries({ queryKey: periodKeys.plan(planId) });
    for (const key of [expenseKeys.all, budgetKeys.all, planKeys.all, dashboardKeys.all])
      void queryClient.invalidateQueries({ queryKey: key });
  };
};

export const useClosePeriod = (planId: string) => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { month: string; unspent: UnspentChoice }) =>
      callApi(planPeriodRoutes.close, { MarketingPlanId: planId, Month: input.month, Unspent: input.unspent }),
    onSuccess: (periods) => refresh(planId, periods),
  });
};

export const useReopenPeriod = (planId: string) => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { month: string; reason: string }) =>
      callApi(planPeriodRoutes.reopen, { MarketingPlanId: planId, Month: input.month, Reason: input.reason }),
    onSuccess: (periods) => refresh(planId, periods),
  });
};

/** The expense as the form would save it: every field as read, with its Version (DESIGN.md §13). */
const saveBodyOf = (expense: Expense) => ({
  Id: expense.Id,
  MarketingPlanId: expense.MarketingPlanId,
  BudgetItemId: expense.BudgetItemId ?? '',
  Name: expense.Name,
  Payee: expense.Payee,
  Description: expense.Description,
  PurchaseOrder: expense.PurchaseOrder,
  PurchaseDate: expense.PurchaseDate,
  // Its own amount in its own currency (DESIGN.md §17).
  Currency: expense.Currency,
  Amount: expense.Amount,
  Status: expense.Status,
  CategoryType: expense.CategoryType,
  GeneralLedgerCodeId: expense.GeneralLedgerCodeId,
  Active: expense.Active,
  Version: expense.Version,
});

/** A blocker settled through the expense routes: marked actual, moved to another date, or cancelled (deleted). */
export type BlockerAction =
  | { kind: 'actual'; expenseId: string }
  | { kind: 'move'; expenseId: string; purchaseDate: string }
  | { kind: 'cancel'; expenseId: string; version: number };

export const useSettleBlocker = (planId: string) => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (action: BlockerAction) => {
      if (action.kind === 'cancel') return callApi(expenseRoutes.deleteExpense, { ExpenseId: action.expenseId, Version: action.version });
      // The whole expense as it is now (its Version with it): Save replaces every field.
      const expense = await callApi(expenseRoutes.getExpense, { ExpenseId: action.expenseId });
      const body = saveBodyOf(expense);
      return callApi(
        expenseRoutes.saveExpense,
        action.kind === 'actual' ? { ...body, Status: 3 } : { ...body, PurchaseDate: action.purchaseDate },
      );
    },
    onSettled: () => refresh(planId),
  });
};
