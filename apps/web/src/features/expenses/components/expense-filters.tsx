import { EXPENSE_CATEGORY_TYPE_LABELS, EXPENSE_STATUS_LABELS, type ExpenseCategoryType, type ExpenseStatus } from '@plansmith/contract';
import { Button, Flex, Input, Select } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { DATE_FORMAT } from '../../../shared/format/dates.ts';
import { useBudgetItemOptions, usePayees } from '../api/expense-queries.ts';
import { DatePicker } from '../../../shared/ui/lazy-date-picker.tsx';

export type ExpenseFilterValues = {
  Query?: string;
  Status?: ExpenseStatus;
  CategoryType?: ExpenseCategoryType;
  Payee?: string;
  BudgetItemId?: string;
  DateFrom?: string;
  DateTo?: string;
};

const SEARCH_DELAY_MS = 300;

/** Search and filters; every one is applied by the server (the list can hold 100,000 expenses). */
export const ExpenseFilters = ({
  planId,
  value,
  onChange,
}: {
  planId: string;
  value: ExpenseFilterValues;
  onChange: (value: ExpenseFilterValues) => void;
}) => {
  const items = useBudgetItemOptions(planId);
  const payees = usePayees(planId);
  const [query, setQuery] = useState(value.Query ?? '');

  useEffect(() => {
    const handle = setTimeout(() => {
      if ((value.Query ?? '') !== query.trim()) onChange({ ...value, Query: query.trim() || undefined });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(handle);
  }, [query, value, onChange]);

  const hasFilters = Object.values(value).some((entry) => entry !== undefined && entry !== '');
  return (
    <Flex gap={8} wrap style={{ marginBottom: 16 }}>
      <Input.Search
        aria-label="Search expenses"
        placeholder="Search name, payee, PO, description"
        allowClear
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        style={{ width: 280 }}
      />
      <Select
        aria-label="Budget item"
        placeholder="Budget item"
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        style={{ width: 220 }}
        value={value.BudgetItemId}
        options={(items.data ?? []).map((item) => ({ value: item.Id, label: item.Name }))}
        onChange={(BudgetItemId?: string) => onChange({ ...value, BudgetItemId })}
      />
      <Select
        aria-label="Status"
        placeholder="Status"
        allowClear
        style={{ width: 140 }}
        value={value.Status}
        options={([1, 2, 3] as const).map((status) => ({ value: status, label: EXPENSE_STATUS_LABELS[status] }))}
        onChange={(Status?: ExpenseStatus) => onChange({ ...value, Status })}
      />
      <Select
        aria-label="Category type"
        placeholder="Category type"
        allowClear
        style={{ width: 160 }}
        value={value.CategoryType}
        options={([1, 2, 3] as const).map((type) => ({ value: type, label: EXPENSE_CATEGORY_TYPE_LABELS[type] }))}
        onChange={(CategoryType?: ExpenseCategoryType) => onChange({ ...value, CategoryType })}
      />
      <Select
        aria-label="Payee"
        placeholder="Payee"
        allowClear
        showSearch
        style={{ width: 200 }}
        value={value.Payee}
        options={(payees.data ?? []).map((payee) => ({ value: payee, label: payee }))}
        onChange={(Payee?: string) => onChange({ ...value, Payee })}
      />
      <DatePicker.RangePicker
        aria-label="Purchase dates"
        format="MMM D, YYYY"
        value={value.DateFrom && value.DateTo ? [dayjs(value.DateFrom), dayjs(value.DateTo)] : null}
        onChange={(range) => onChange({ ...value, DateFrom: range?.[0]?.format(DATE_FORMAT), DateTo: range?.[1]?.format(DATE_FORMAT) })}
      />
      {hasFilters ? (
        <Button
          onClick={() => {
            setQuery('');
            onChange({});
          }}
        >
          Clear filters
        </Button>
      ) : null}
    </Flex>
  );
};
