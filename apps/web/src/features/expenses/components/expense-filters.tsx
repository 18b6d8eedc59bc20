import {
  type CustomField,
  EXPENSE_CATEGORY_TYPE_LABELS,
  EXPENSE_STATUS_LABELS,
  type ExpenseCategoryType,
  type ExpenseStatus,
} from '@plansmith/contract';
import { Button, Flex, Input, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { CustomFieldFilters, type FieldFilterValues } from '../../../shared/custom-fields/custom-field-filters.tsx';
import { DATE_FORMAT, dateInputHint } from '../../../shared/format/dates.ts';
import { fieldAfterFirstPaint } from '../../../shared/ui/field-outline.tsx';
import { DATE_FIELD_WIDTH, LazyDateInput } from '../../../shared/ui/lazy-date-input.tsx';
import { useAfterFirstPaint } from '../../../shared/ui/use-after-first-paint.ts';
import { useBudgetItemOptions, usePayees } from '../api/expense-queries.ts';

export type ExpenseFilterValues = {
  Query?: string;
  Status?: ExpenseStatus;
  CategoryType?: ExpenseCategoryType;
  Payee?: string;
  BudgetItemId?: string;
  DateFrom?: string;
  DateTo?: string;
  /** Custom field filters (field id → values); absent when none. */
  Fields?: FieldFilterValues;
};

const SEARCH_DELAY_MS = 300;

type DateRange = { from: Dayjs | null; to: Dayjs | null };

/** Why a typed date range cannot filter yet, or null when it can. */
const rangeProblem = ({ from, to }: DateRange): string | null => {
  if ((from && !from.isValid()) || (to && !to.isValid())) return `Type dates as ${dateInputHint()}.`;
  if (from && to?.isBefore(from, 'day')) return 'The “To” date cannot be before the “From” date.';
  return null;
};

/** Search and filters; every one is applied by the server (the list can hold 100,000 expenses). */
export const ExpenseFilters = ({
  planId,
  fields = [],
  value,
  onChange,
}: {
  planId: string;
  /** The Expense custom fields: a filter each behind the Custom fields button. */
  fields?: readonly CustomField[];
  value: ExpenseFilterValues;
  onChange: (value: ExpenseFilterValues) => void;
}) => {
  // The fields are drawn, and the item and payee filters' choices asked for, once the list is on
  // screen (fieldAfterFirstPaint): drawing these seven antd fields took ~80 ms of /expenses' first
  // draw on the 2-core bench machine, before any row.
  const painted = useAfterFirstPaint();
  const items = useBudgetItemOptions(planId, painted);
  const payees = usePayees(planId, painted);
  const [query, setQuery] = useState(value.Query ?? '');
  // A range being typed that cannot filter (unreadable, or To before From): shown as typed with its
  // problem, while the list keeps the last range that could.
  const [pendingRange, setPendingRange] = useState<DateRange | null>(null);
  const shownRange = pendingRange ?? {
    from: value.DateFrom ? dayjs(value.DateFrom) : null,
    to: value.DateTo ? dayjs(value.DateTo) : null,
  };
  const problem = rangeProblem(shownRange);
  const changeRange = (next: DateRange) => {
    if (rangeProblem(next)) {
      setPendingRange(next);
      return;
    }
    setPendingRange(null);
    onChange({ ...value, DateFrom: next.from?.format(DATE_FORMAT), DateTo: next.to?.format(DATE_FORMAT) });
  };

  useEffect(() => {
    const handle = setTimeout(() => {
      if ((value.Query ?? '') !== query.trim()) onChange({ ...value, Query: query.trim() || undefined });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(handle);
  }, [query, value, onChange]);

  const hasFilters = pendingRange !== null || Object.values(value).some((entry) => entry !== undefined && entry !== '');
  return (
    <Flex gap={8} wrap style={{ marginBottom: 16 }}>
      {fieldAfterFirstPaint(
        painted,
        { width: 280, placeholder: 'Search name, payee, PO, description' },
        <Input.Search
          aria-label="Search expenses"
          placeholder="Search name, payee, PO, description"
          allowClear
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          style={{ width: 280 }}
        />,
      )}
      {fieldAfterFirstPaint(
        painted,
        { width: 220, placeholder: 'Budget item' },
        <Select
          aria-label="Budget item"
          placeholder="Budget item"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: 220 }}
          value={value.BudgetItemId}
          options={(items.data ?? []).map((item) => ({ value: item.Id, label: item.Name }))}
          onChange={(BudgetItemId?: string) => onChange({ ...value, BudgetItemId })}
        />,
      )}
      {fieldAfterFirstPaint(
        painted,
        { width: 140, placeholder: 'Status' },
        <Select
          aria-label="Status"
          placeholder="Status"
          allowClear
          style={{ width: 140 }}
          value={value.Status}
          options={([1, 2, 3] as const).map((status) => ({ value: status, label: EXPENSE_STATUS_LABELS[status] }))}
          onChange={(Status?: ExpenseStatus) => onChange({ ...value, Status })}
        />,
      )}
      {fieldAfterFirstPaint(
        painted,
        { width: 160, placeholder: 'Category type' },
        <Select
          aria-label="Category type"
          placeholder="Category type"
          allowClear
          style={{ width: 160 }}
          value={value.CategoryType}
          options={([1, 2, 3] as const).map((type) => ({ value: type, label: EXPENSE_CATEGORY_TYPE_LABELS[type] }))}
          onChange={(CategoryType?: ExpenseCategoryType) => onChange({ ...value, CategoryType })}
        />,
      )}
      {fieldAfterFirstPaint(
        painted,
        { width: 200, placeholder: 'Payee' },
        <Select
          aria-label="Payee"
          placeholder="Payee"
          allowClear
          showSearch
          style={{ width: 200 }}
          value={value.Payee}
          options={(payees.data ?? []).map((payee) => ({ value: payee, label: payee }))}
          onChange={(Payee?: string) => onChange({ ...value, Payee })}
        />,
      )}
      {fieldAfterFirstPaint(
        painted,
        { width: DATE_FIELD_WIDTH, placeholder: 'From' },
        <LazyDateInput
          aria-label="Purchased from"
          placeholder="From"
          value={shownRange.from}
          onChange={(from) => changeRange({ ...shownRange, from })}
        />,
      )}
      {fieldAfterFirstPaint(
        painted,
        { width: DATE_FIELD_WIDTH, placeholder: 'To' },
        <LazyDateInput
          aria-label="Purchased to"
          placeholder="To"
          value={shownRange.to}
          status={shownRange.from?.isValid() && shownRange.to?.isValid() && problem ? 'error' : undefined}
          onChange={(to) => changeRange({ ...shownRange, to })}
        />,
      )}
      <CustomFieldFilters
        fields={fields}
        value={value.Fields ?? {}}
        onChange={(next) => onChange({ ...value, Fields: Object.keys(next).length > 0 ? next : undefined })}
      />
      {hasFilters ? (
        <Button
          onClick={() => {
            setQuery('');
            setPendingRange(null);
            onChange({});
          }}
        >
          Clear filters
        </Button>
      ) : null}
      {problem ? (
        <Typography.Text type="danger" role="alert" style={{ flexBasis: '100%' }}>
          {problem}
        </Typography.Text>
      ) : null}
    </Flex>
  );
};
