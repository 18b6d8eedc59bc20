import { budgetRoutes, expenseRoutes, type GetExpensesRequest, LOOKUP_TYPE_GL_CODE, lookupRoutes } from '@plansmith/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';
import { expenseKeys } from '../../../shared/api/query-keys.ts';

/** The page a plan's expense list opens on: newest first, 50 a page. */
export const FIRST_EXPENSE_PAGE = { Page: 1, PageSize: 50, SortBy: 'PurchaseDate', SortDirection: 'desc' } as const;

export const expensePageQuery = (request: GetExpensesRequest) =>
  queryOptions({
    queryKey: expenseKeys.list(request),
    queryFn: () => callApi(expenseRoutes.getExpenses, request),
    // Fetched by /expenses' loader (or the early requests) while the list's code loads: the list
    // mounting a moment later shows that answer without asking again. Changes invalidate it.
    staleTime: 15_000,
  });

/** One page of expenses; the previous page stays on screen while the next one loads. */
export const useExpensePage = (request: GetExpensesRequest | null) =>
  useQuery({ ...expensePageQuery(request ?? {}), enabled: request !== null, placeholderData: keepPreviousData });

export const useExpense = (id: string | null) =>
  useQuery({
    queryKey: expenseKeys.detail(id ?? ''),
    queryFn: () => callApi(expenseRoutes.getExpense, { ExpenseId: id as string }),
    enabled: Boolean(id),
  });

export const usePayees = (planId: string | null, enabled = true) =>
  useQuery({
    queryKey: expenseKeys.payees(planId ?? ''),
    queryFn: () => callApi(expenseRoutes.getPayees, { MarketingPlanId: planId as string }),
    enabled: Boolean(planId) && enabled,
    staleTime: 60_000,
  });

/** The plan's budget items, to pick the one an expense is spent against (asked for once `enabled`). */
export const useBudgetItemOptions = (planId: string | null, enabled = true) =>
  useQuery({
    queryKey: expenseKeys.itemOptions(planId ?? ''),
    queryFn: () => callApi(budgetRoutes.getBudgetItems, { MarketingPlanId: planId as string }),
    enabled: Boolean(planId) && enabled,
  });

/** The tenant's active general ledger codes. */
export const useGlCodes = () =>
  useQuery({
    queryKey: expenseKeys.glCodes(),
    queryFn: async () =>
      (await callApi(lookupRoutes.getLookupInformation, {})).filter((lookup) => lookup.LookupType === LOOKUP_TYPE_GL_CODE && lookup.Active),
    staleTime: 5 * 60_000,
  });
