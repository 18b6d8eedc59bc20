import { DEFAULT_EXPENSE_COLUMNS, type Expense, type ExpenseView, type GetExpensesRequest } from '@plansmith/contract';
import { type ReactNode, useCallback, useState } from 'react';
import { fromSavedFieldFilters, toFieldFilters } from '../../../shared/custom-fields/custom-field-filters.tsx';
import { useCustomFields } from '../../../shared/custom-fields/custom-field-queries.ts';
import { lazyModal } from '../../../shared/ui/lazy-modal.tsx';
import { lazyPart } from '../../../shared/ui/lazy-part.tsx';
import { EmptyState, ErrorState } from '../../../shared/ui/query-state.tsx';
import { FIRST_EXPENSE_PAGE, useExpensePage } from '../api/expense-queries.ts';
import { ExpenseFilters, type ExpenseFilterValues } from './expense-filters.tsx';
import { ExpenseTotalsBar } from './expense-totals.tsx';
import { ExpenseBulkBar } from './expense-bulk-bar.tsx';
import { type ExpenseSort, ExpensesTable } from './expenses-table.tsx';

// Saved views and the bulk edit load after the list itself (they are not in its first draw).
const ExpenseViewPicker = lazyPart(
  async () => (await import('./expense-view-picker.tsx')).ExpenseViewPicker,
  <div style={{ height: 32, marginBottom: 12 }} />,
);
const ExpenseBulkEditModal = lazyModal(
  async () => (await import('./expense-bulk-edit-modal.tsx')).ExpenseBulkEditModal,
  (props) => props.open,
);

/**
 * A plan's or an item's expenses: server-side filters, search, sorting and pages, with the totals
 * of every match. Stays quick with 100,000 expenses because only one page travels.
 */
export const ExpenseList = ({
  scope,
  withFilters = true,
  emptyAction,
  canEdit = false,
}: {
  scope: { MarketingPlanId: string } | { BudgetItemId: string };
  withFilters?: boolean;
  emptyAction?: ReactNode;
  /** Rows can be selected for a bulk edit (those who may edit the plan's expenses). */
  canEdit?: boolean;
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
  const [columns, setColumns] = useState<string[]>([...DEFAULT_EXPENSE_COLUMNS]);
  const [openView, setOpenView] = useState<ExpenseView | null>(null);
  // Opening a view draws the filters again with its values (the search box keeps its own text).
  const [filtersDrawn, setFiltersDrawn] = useState(0);
  const [selected, setSelected] = useState<Expense[]>([]);
  const [bulkEditing, setBulkEditing] = useState(false);
  const expenseFields = useCustomFields('Expense');
  const { Fields: fieldFilters, ...plainFilters } = filters;
  const request: GetExpensesRequest = {
    ...scope,
    ...plainFilters,
    ...page,
    ...sort,
    Fields: toFieldFilters(fieldFilters ?? {}, expenseFields.fields),
  };
  const query = useExpensePage(request);
  const changeFilters = useCallback((next: ExpenseFilterValues) => {
    setFilters(next);
    setPage((current) => ({ ...current, Page: 1 }));
  }, []);

  const openSavedView = (view: ExpenseView | null) => {
    setOpenView(view);
    const { SortBy, SortDirection, Fields, ...viewFilters } = view?.Filters ?? {};
    const fieldValues = fromSavedFieldFilters(Fields);
    setFilters(Object.keys(fieldValues).length > 0 ? { ...viewFilters, Fields: fieldValues } : viewFilters);
    setSort({ SortBy: SortBy ?? FIRST_EXPENSE_PAGE.SortBy, SortDirection: SortDirection ?? FIRST_EXPENSE_PAGE.SortDirection });
    setColumns(view ? view.Columns : [...DEFAULT_EXPENSE_COLUMNS]);
    setPage((current) => ({ ...current, Page: 1 }));
    setFiltersDrawn((count) => count + 1);
  };

  const planId = 'MarketingPlanId' in scope ? scope.MarketingPlanId : null;
  const filtered = Object.values(filters).some((value) => value !== undefined);
  const selecting = canEdit && planId !== null;
  return (
    <>
      {withFilters && planId ? (
        <ExpenseViewPicker
          current={{ filters: { ...filters, ...sort }, columns }}
          openView={openView}
          showItem
          fields={expenseFields.fields}
          onOpen={openSavedView}
          onColumnsChange={setColumns}
        />
      ) : null}
      {withFilters && planId ? (
        <ExpenseFilters key={filtersDrawn} planId={planId} fields={expenseFields.fields} value={filters} onChange={changeFilters} />
      ) : null}
      {selecting && selected.length > 0 ? (
        <ExpenseBulkBar count={selected.length} onEdit={() => setBulkEditing(true)} onClear={() => setSelected([])} />
      ) : null}
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
            visibleColumns={columns}
            fields={expenseFields.fields}
            rowSelection={
              selecting
                ? {
                    selectedRowKeys: selected.map((expense) => expense.Id),
                    preserveSelectedRowKeys: true,
                    // Rows of other pages stay selected with the version they were read with.
                    onChange: (_keys, rows) => setSelected(rows.filter((row): row is Expense => Boolean(row))),
                    getCheckboxProps: (expense) => ({ 'aria-label': `Select ${expense.Name}` }),
                  }
                : undefined
            }
            onPageChange={(Page, PageSize) => setPage({ Page: PageSize === page.PageSize ? Page : 1, PageSize })}
            onSortChange={(next) => {
              setSort(next);
              setPage((current) => ({ ...current, Page: 1 }));
            }}
          />
        </>
      )}
      {selecting && planId ? (
        <ExpenseBulkEditModal
          open={bulkEditing}
          planId={planId}
          selected={selected}
          onClose={() => setBulkEditing(false)}
          onDone={() => {
            setBulkEditing(false);
            setSelected([]);
          }}
        />
      ) : null}
    </>
  );
};
