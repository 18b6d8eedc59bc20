import { type Expense, type ExpenseSaveRequest, expenseRoutes } from '@plansmith/contract';
import { type QueryClient, type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';
import {
  activityKeys,
  budgetKeys,
  dashboardKeys,
  expenseKeys,
  planKeys,
  reportKeys,
  spendingKeys,
} from '../../../shared/api/query-keys.ts';

/** Where an expense sits: its plan and budget item, before or after a change. */
type ExpensePlace = Pick<Expense, 'Id' | 'MarketingPlanId' | 'BudgetItemId'>;

/**
 * The queries an expense change alters, for every place it was or is: the expense lists, the
 * budget items' spend and the plan's totals, the plan's report, spending and dashboard, and the
 * activity feeds that record it. Nothing else is refetched.
 */
export const expenseChangeKeys = (places: readonly ExpensePlace[]): QueryKey[] => {
  const keys: QueryKey[] = [expenseKeys.lists()];
  for (const planId of new Set(places.map((place) => place.MarketingPlanId))) {
    keys.push(
      expenseKeys.payees(planId),
      expenseKeys.itemOptions(planId),
      budgetKeys.list(planId),
      planKeys.lists(),
      planKeys.detail(planId),
      planKeys.totals(planId),
      reportKeys.budgetCategories(planId),
      spendingKeys.report(planId),
      dashboardKeys.plan(planId),
      activityKeys.planFeed(planId),
    );
  }
  for (const itemId of new Set(places.flatMap((place) => (place.BudgetItemId ? [place.BudgetItemId] : [])))) {
    keys.push(budgetKeys.detail(itemId), activityKeys.entityFeed({ EntityType: 'BudgetItem', EntityId: itemId }));
  }
  for (const expenseId of new Set(places.map((place) => place.Id))) {
    keys.push(activityKeys.entityFeed({ EntityType: 'Expense', EntityId: expenseId }));
  }
  return keys;
};

const refreshAfterExpenseChange = (queryClient: QueryClient, places: readonly ExpensePlace[]) =>
  Promise.all(expenseChangeKeys(places).map((queryKey) => queryClient.invalidateQueries({ queryKey })));

export const useSaveExpense = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (expense: ExpenseSaveRequest) => callApi(expenseRoutes.saveExpense, expense),
    onSuccess: (saved) => {
      // The expense may have moved to another item (or plan): refresh where it was too.
      const before = queryClient.getQueryData<Expense>(expenseKeys.detail(saved.Id));
      queryClient.setQueryData(expenseKeys.detail(saved.Id), saved);
      void refreshAfterExpenseChange(queryClient, before ? [before, saved] : [saved]);
    },
  });
};

export const useDeleteExpense = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (expense: ExpensePlace) => callApi(expenseRoutes.deleteExpense, { ExpenseId: expense.Id }),
    onSuccess: (_, expense) => {
      queryClient.removeQueries({ queryKey: expenseKeys.detail(expense.Id) });
      void refreshAfterExpenseChange(queryClient, [expense]);
    },
  });
};
