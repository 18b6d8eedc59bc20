import {
  type Expense,
  type ExpenseBulkEditRequest,
  type ExpenseSaveRequest,
  expenseRoutes,
  expenseViewRoutes,
  type GetExpensesRequest,
} from '@plansmith/contract';
import {
  type InvalidateQueryFilters,
  type Query,
  type QueryClient,
  type QueryKey,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';
import {
  activityKeys,
  budgetKeys,
  dashboardKeys,
  expenseKeys,
  objectiveKeys,
  performanceKeys,
  planKeys,
  reportKeys,
  spendingKeys,
} from '../../../shared/api/query-keys.ts';

/** Where an expense sits: its plan and budget item, before or after a change. */
type ExpensePlace = Pick<Expense, 'Id' | 'MarketingPlanId' | 'BudgetItemId'>;

/**
 * The queries an expense change alters, for every place it was or is: the expense lists of its
 * plans and items, the budget items' spend and the plans' totals, the plans' report, spending and
 * dashboard, the spend and cost per result of its objectives (lists, details, performance), and the
 * activity feeds that record it. Nothing else is refetched.
 */
const expenseChangeFilters = (places: readonly ExpensePlace[]): InvalidateQueryFilters[] => {
  const planIds = new Set(places.map((place) => place.MarketingPlanId));
  const itemIds = new Set(places.flatMap((place) => (place.BudgetItemId ? [place.BudgetItemId] : [])));
  const keys: QueryKey[] = [];
  for (const planId of planIds) {
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
      performanceKeys.plan(planId),
      objectiveKeys.list(planId),
      activityKeys.planFeed(planId),
    );
  }
  // An objective's detail shows the spend of its linked items: which objective is not known here.
  keys.push(objectiveKeys.details());
  for (const itemId of itemIds) {
    keys.push(budgetKeys.detail(itemId), activityKeys.entityFeed({ EntityType: 'BudgetItem', EntityId: itemId }));
  }
  for (const place of places) keys.push(activityKeys.entityFeed({ EntityType: 'Expense', EntityId: place.Id }));
  // Expense lists are keyed by their request: only those of these plans and items.
  const listOfThesePlaces = (query: Query): boolean => {
    const request = query.queryKey[2] as GetExpensesRequest | undefined;
    return planIds.has(request?.MarketingPlanId ?? '') || itemIds.has(request?.BudgetItemId ?? '');
  };
  return [{ queryKey: expenseKeys.lists(), predicate: listOfThesePlaces }, ...keys.map((queryKey) => ({ queryKey }))];
};

const refreshAfterExpenseChange = (queryClient: QueryClient, places: readonly ExpensePlace[]) =>
  Promise.all(expenseChangeFilters(places).map((filters) => queryClient.invalidateQueries(filters)));

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
    mutationFn: (expense: ExpensePlace & Pick<Expense, 'Version'>) =>
      callApi(expenseRoutes.deleteExpense, { ExpenseId: expense.Id, Version: expense.Version }),
    onSuccess: (_, expense) => {
      queryClient.removeQueries({ queryKey: expenseKeys.detail(expense.Id) });
      void refreshAfterExpenseChange(queryClient, [expense]);
    },
  });
};

/**
 * "Keep theirs" after a stale save (DESIGN.md §13): the expense as the server has it now replaces
 * the one on screen, and what shows it is refreshed.
 */
export const useKeepTheirExpense = () => {
  const queryClient = useQueryClient();
  return (current: Expense): void => {
    queryClient.setQueryData(expenseKeys.detail(current.Id), current);
    void refreshAfterExpenseChange(queryClient, [current]);
  };
};

/**
 * ExpenseClient/BulkEdit (DESIGN.md §16): one transaction for the selection. Refreshes what the
 * rows' old and new places show (a move changes two items); a refusal changes nothing, but a stale
 * row's 409 means the list is out of date, so the lists are refreshed then too.
 */
export const useBulkEditExpenses = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ request }: { request: ExpenseBulkEditRequest; before: readonly ExpensePlace[] }) =>
      callApi(expenseViewRoutes.bulkEditExpenses, request),
    onSuccess: (result, { before }) => {
      for (const expense of result.Items) queryClient.setQueryData(expenseKeys.detail(expense.Id), expense);
      void refreshAfterExpenseChange(queryClient, [...before, ...result.Items]);
    },
    onError: (_error, { before }) => void refreshAfterExpenseChange(queryClient, before),
  });
};
