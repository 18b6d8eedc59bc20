import {
  type CustomField,
  DEFAULT_EXPENSE_COLUMNS,
  EXPENSE_CATEGORY_TYPE_LABELS,
  EXPENSE_COLUMN_LABELS,
  EXPENSE_SORT_FIELDS,
  type Expense,
  getHref,
} from '@plansmith/contract';
import { Table, type TableProps, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { formatDate } from '../../../shared/format/dates.ts';
import { CustomFieldValueView } from '../../../shared/custom-fields/custom-field-inputs.tsx';
import { formatCount } from '../../../shared/format/money.ts';
import { useFirstRowsFirst } from '../../../shared/ui/use-first-rows-first.ts';
import { useMediaQuery } from '../../../shared/ui/use-narrow-screen.ts';
import { ExpenseStatusTag } from './expense-status-tag.tsx';
import { MONEY_COLUMN } from '../../../shared/ui/money-column.ts';
import { BothAmounts } from '../../../shared/ui/both-amounts.tsx';

export type ExpenseSort = { SortBy: (typeof EXPENSE_SORT_FIELDS)[number]; SortDirection: 'asc' | 'desc' };

/** What a tall screen shows of the first page before the rest of it is drawn (useFirstRowsFirst). */
const FIRST_ROWS = 20;

/**
 * Below this window width the columns no longer fit beside the side navigation: the table scrolls
 * sideways with the date kept at the left. Wider, it has no sideways scroll, which also spares
 * antd's measuring of every column and the second drawing of the rows that follows it.
 */
const SCROLLS_BELOW = '(max-width: 1099.98px)';

const isSortField = (key: unknown): key is ExpenseSort['SortBy'] => (EXPENSE_SORT_FIELDS as readonly unknown[]).includes(key);

/** One server-side page of expenses: the server sorts, filters and counts; the table only shows. */
export const ExpensesTable = ({
  expenses,
  loading,
  page,
  pageSize,
  total,
  sort,
  showItem = true,
  visibleColumns = DEFAULT_EXPENSE_COLUMNS,
  fields = [],
  rowSelection,
  onPageChange,
  onSortChange,
}: {
  expenses: Expense[];
  loading: boolean;
  page: number;
  pageSize: number;
  total: number;
  sort: ExpenseSort;
  showItem?: boolean;
  /** The columns shown, in order (a saved view's); keys the table does not know are left out. */
  visibleColumns?: readonly string[];
  /** The tenant's expense custom fields: a visible `Field:<Id>` column shows its values. */
  fields?: readonly CustomField[];
  /** Checkboxes to select rows for a bulk edit (only for those who may edit). */
  rowSelection?: TableProps<Expense>['rowSelection'];
  onPageChange: (page: number, pageSize: number) => void;
  onSortChange: (sort: ExpenseSort) => void;
}) => {
  const shown = useFirstRowsFirst(expenses, FIRST_ROWS);
  const scrolls = useMediaQuery(SCROLLS_BELOW);
  const sortOrderOf = (key: ExpenseSort['SortBy']) =>
    sort.SortBy === key ? (sort.SortDirection === 'asc' ? ('ascend' as const) : ('descend' as const)) : null;
  const allColumns: NonNullable<TableProps<Expense>['columns']> = [
    {
      title: 'Date',
      dataIndex: 'PurchaseDate',
      key: 'PurchaseDate',
      sorter: true,
      sortOrder: sortOrderOf('PurchaseDate'),
      width: 130,
      fixed: scrolls ? 'left' : undefined,
      render: (date: string) => formatDate(date),
    },
    {
      title: 'Expense',
      dataIndex: 'Name',
      key: 'Name',
      sorter: true,
      sortOrder: sortOrderOf('Name'),
      render: (name: string, expense) => (
        <>
          <Link to={getHref('expense', { id: expense.Id })}>{name}</Link>
          {expense.Active ? null : <Typography.Text type="secondary"> (inactive)</Typography.Text>}
        </>
      ),
    },
    ...(showItem
      ? [{ title: 'Budget item', dataIndex: 'BudgetItemName', key: 'BudgetItemName', render: (name: string | null) => name ?? '—' }]
      : []),
    {
      title: 'Payee',
      dataIndex: 'Payee',
      key: 'Payee',
      sorter: true,
      sortOrder: sortOrderOf('Payee'),
      render: (payee: string | null) => payee ?? '—',
    },
    {
      title: 'Status',
      dataIndex: 'Status',
      key: 'Status',
      width: 120,
      render: (_: unknown, expense) => (
        <>
          <ExpenseStatusTag status={expense.Status} />
          {expense.Approval === 'Pending' ? (
            <Tag color="orange" title="Waits for approval: counts as Requested, not as its status">
              Pending approval
            </Tag>
          ) : expense.Approval === 'Rejected' ? (
            <Tag color="red" title={expense.ApprovalNote ?? undefined}>
              Rejected
            </Tag>
          ) : null}
        </>
      ),
    },
    {
      title: 'Amount',
      dataIndex: 'Amount',
      key: 'Amount',
      ...MONEY_COLUMN,
      sorter: true,
      sortOrder: sortOrderOf('Amount'),
      width: 140,
      // In another currency than the base: its own amount and the base one beneath (the sort and totals are in base).
      render: (_: unknown, expense) => <BothAmounts amount={expense.Amount} currency={expense.Currency} baseAmount={expense.BaseAmount} />,
    },
    {
      title: EXPENSE_COLUMN_LABELS.Currency,
      dataIndex: 'Currency',
      key: 'Currency',
      width: 100,
      render: (currency: string) => currency,
    },
    {
      title: EXPENSE_COLUMN_LABELS.PurchaseOrder,
      dataIndex: 'PurchaseOrder',
      key: 'PurchaseOrder',
      render: (order: string | null) => order ?? '—',
    },
    {
      title: EXPENSE_COLUMN_LABELS.GeneralLedgerCodeName,
      dataIndex: 'GeneralLedgerCodeName',
      key: 'GeneralLedgerCodeName',
      render: (code: string | null) => code ?? '—',
    },
    {
      title: EXPENSE_COLUMN_LABELS.CategoryType,
      dataIndex: 'CategoryType',
      key: 'CategoryType',
      render: (type: Expense['CategoryType']) => EXPENSE_CATEGORY_TYPE_LABELS[type],
    },
    ...fields.map((field) => ({
      title: field.Name,
      key: `Field:${field.Id}`,
      render: (_: unknown, expense: Expense) => <CustomFieldValueView field={field} value={expense.CustomFields?.[field.Id]} />,
    })),
  ];
  const columns = visibleColumns.flatMap((key) => allColumns.filter((column) => column.key === key));
  return (
    <Table<Expense>
      rowKey="Id"
      size="middle"
      columns={columns}
      dataSource={shown as Expense[]}
      loading={loading}
      rowSelection={rowSelection}
      scroll={scrolls ? { x: 760 } : undefined}
      pagination={{
        current: page,
        pageSize,
        total,
        showSizeChanger: true,
        pageSizeOptions: [25, 50, 100, 200],
        showTotal: (count, [from, to]) => `${formatCount(from)}–${formatCount(to)} of ${formatCount(count)}`,
      }}
      onChange={(pagination, _filters, sorter) => {
        const single = Array.isArray(sorter) ? sorter[0] : sorter;
        if (single && isSortField(single.columnKey) && single.order) {
          const next: ExpenseSort = { SortBy: single.columnKey, SortDirection: single.order === 'ascend' ? 'asc' : 'desc' };
          if (next.SortBy !== sort.SortBy || next.SortDirection !== sort.SortDirection) {
            onSortChange(next);
            return;
          }
        } else if (single && !single.order && sort.SortBy !== 'PurchaseDate') {
          onSortChange({ SortBy: 'PurchaseDate', SortDirection: 'desc' });
          return;
        }
        onPageChange(pagination.current ?? 1, pagination.pageSize ?? pageSize);
      }}
    />
  );
};
