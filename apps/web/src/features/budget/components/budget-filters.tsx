import type { BudgetCategory, ItemType } from '@plansmith/contract';
import { Button, Flex, Select } from 'antd';
// Search directly: antd's Input namespace also brings TextArea and OTP.
import Search from 'antd/es/input/Search';
import { type BudgetFilters, hasFilters, NO_FILTERS } from '../lib/budget-rows.ts';

/**
 * Text, item type and category filters of the budget list. The categories are asked for
 * (`onCategoriesWanted`) when the pointer comes over the category filter or it takes the focus.
 */
export const BudgetFiltersBar = ({
  filters,
  categories,
  categoriesLoading,
  onCategoriesWanted,
  onChange,
}: {
  filters: BudgetFilters;
  categories: BudgetCategory[];
  categoriesLoading: boolean;
  onCategoriesWanted: () => void;
  onChange: (filters: BudgetFilters) => void;
}) => (
  <Flex gap={8} wrap align="center">
    <Search
      allowClear
      aria-label="Search items"
      placeholder="Search items"
      style={{ width: 240 }}
      value={filters.query}
      onChange={(event) => onChange({ ...filters, query: event.target.value })}
    />
    <Select<ItemType | 'all'>
      aria-label="Item type"
      style={{ width: 160 }}
      value={filters.itemType ?? 'all'}
      onChange={(value) => onChange({ ...filters, itemType: value === 'all' ? null : value })}
      options={[
        { value: 'all', label: 'All item types' },
        { value: 1, label: 'Productive' },
        { value: 2, label: 'Operational' },
      ]}
    />
    <Select<string>
      aria-label="Category"
      style={{ width: 200 }}
      value={filters.categoryId ?? 'all'}
      onChange={(value) => onChange({ ...filters, categoryId: value === 'all' ? null : value })}
      options={[{ value: 'all', label: 'All categories' }, ...categories.map((category) => ({ value: category.Id, label: category.Name }))]}
      loading={categoriesLoading}
      onMouseEnter={onCategoriesWanted}
      onFocus={onCategoriesWanted}
      onOpenChange={onCategoriesWanted}
      showSearch
      optionFilterProp="label"
    />
    {hasFilters(filters) ? <Button onClick={() => onChange(NO_FILTERS)}>Clear filters</Button> : null}
  </Flex>
);
