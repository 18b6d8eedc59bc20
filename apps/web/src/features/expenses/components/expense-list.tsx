import type { GetExpensesRequest } from '@plansmith/contract';
import { type ReactNode, useCallback, useState } from 'react';
import { EmptyState, ErrorState } from '../../../shared/ui/query-state.tsx';
import { FIRST_EXPENSE_PAGE, useExpensePage } from '../api/expense-queries.ts';
import { ExpenseFilters, type ExpenseFilterValues } from './expense-filters.tsx';
import { ExpenseTotalsBar } from './expense-totals.tsx';
import { type ExpenseSort, ExpensesTable } from './expenses-table.tsx';

/**
 * A plan's or an item's expenses: server-side filters, search, sorting and pages, with the totals
 * of every match. Stays quick with 100,000 expenses because only one page travels.
 */
export const ExpenseList = ({
  scope,
  withFilters = true,
  emptyAction,
}: {
  scope: { MarketingPlanId: string } | { BudgetItemId: string };
  withFilters?: boolean;
  emptyAction?: ReactNode;
}) => {
  const [filters, setFilters] = useState<ExpenseFilterValues>({});
  const [page, setPage] = useState<{ Page: number; PageSize: number }>({
    Page: FIRST_EXPENSE_PAGE.Page,
    PageSize: FIRST_EXPENSE_PAGE.PageSize,
  });
  const [sort, setSort] = useState<ExpenseSort>({
    SortBy: FIRST_EXPENSE_PAGE.SortBy,
    SortDirection: FIRST_EXPENSE_PAGE.SortDirection,
  });
  const request: GetExpensesRequest = { ...scope, ...filters, ...page, ...sort };
  const query = useExpensePage(request);
  const changeFilters = useCallback((next: ExpenseFilterValues) => {
    setFilters(next);
    setPage((current) => ({ ...current, Page: 1 }));
  }, []);

  const planId = 'MarketingPlanId' in scope ? scope.MarketingPlanId : null;
  const filtered = Object.values(filters).some((value) => value !== undefined);
  return (
    <>
      {withFilters && planId ? <ExpenseFilters planId={planId} value={filters} onChange={changeFilters} /> : null}
      {query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} title="The expenses could not be loaded." />
      ) : query.data && query.data.Total === 0 && !filtered ? (
        <EmptyState description="No expenses recorded yet." action={emptyAction} />
      ) : (
        <>
          {query.data ? <ExpenseTotalsBar totals={query.data.Totals} /> : null}
          <ExpensesTable
            expenses={query.data?.Items ?? []}
            loading={query.isFetching}
            page={page.Page}
            pageSize={page.PageSize}
            total={query.data?.Total ?? 0}
            sort={sort}
            showItem={'MarketingPlanId' in scope}
            onPageChange={(Page, PageSize) => setPage({ Page: PageSize === page.PageSize ? Page : 1, PageSize })}
            onSortChange={(next) => {
              setSort(next);
              setPage((current) => ({ ...current, Page: 1 }));
            }}
          />
        </>
      )}
    </>
  );
};
