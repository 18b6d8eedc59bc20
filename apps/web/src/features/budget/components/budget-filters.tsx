import type { BudgetCategory, CustomField, ItemType } from '@plansmith/contract';
import { Button, Flex, Select } from 'antd';
// Search directly: antd's Input namespace also brings TextArea and OTP.
import Search from 'antd/es/input/Search';
import { CustomFieldFilters } from '../../../shared/custom-fields/custom-field-filters.tsx';
import { fieldAfterFirstPaint } from '../../../shared/ui/field-outline.tsx';
import { useAfterFirstPaint } from '../../../shared/ui/use-after-first-paint.ts';
import { type BudgetFilters, hasFilters, NO_CAMPAIGN, NO_FILTERS } from '../lib/budget-rows.ts';

const ITEM_TYPE_OPTIONS = [
  { value: 'all' as const, label: 'All item types' },
  { value: 1 as const, label: 'Productive' },
  { value: 2 as const, label: 'Operational' },
];

/**
 * Text, item type and category filters of the budget list, drawn once the list is on screen
 * (fieldAfterFirstPaint). The categories are asked for (`onCategoriesWanted`) when the pointer
 * comes over the category filter or it takes the focus.
 */
export const BudgetFiltersBar = ({
  filters,
  categories,
  categoriesLoading,
  onCategoriesWanted,
  onChange,
  campaigns,
  campaignsLoading,
  customFields = [],
  fieldColumns,
}: {
  filters: BudgetFilters;
  categories: BudgetCategory[];
  categoriesLoading: boolean;
  onCategoriesWanted: () => void;
  onChange: (filters: BudgetFilters) => void;
  /**
   * The plan's campaigns (name with its parents'), in tree order; no campaign filter when missing.
   * Given (empty while they load) as soon as an item is in a campaign, so the filter is there from the
   * first paint and nothing moves when the campaigns arrive.
   */
  campaigns?: readonly { value: string; label: string }[];
  campaignsLoading?: boolean;
  /** The BudgetItem custom fields: a filter each behind the Custom fields button (its size is fixed). */
  customFields?: readonly CustomField[];
  /** The custom fields shown as grid columns (chosen in the Custom fields row, so they appear only when asked). */
  fieldColumns?: { value: readonly string[]; onChange: (ids: string[]) => void };
}) => {
  const painted = useAfterFirstPaint();
  const categoryName = categories.find((category) => category.Id === filters.categoryId)?.Name ?? 'All categories';
  return (
    <Flex gap={8} wrap align="center">
      {fieldAfterFirstPaint(
        painted,
        { width: 240, placeholder: 'Search items', value: filters.query || undefined },
        <Search
          allowClear
          aria-label="Search items"
          placeholder="Search items"
          style={{ width: 240 }}
          value={filters.query}
          onChange={(event) => onChange({ ...filters, query: event.target.value })}
        />,
      )}
      {fieldAfterFirstPaint(
        painted,
        { width: 160, value: ITEM_TYPE_OPTIONS.find((option) => option.value === (filters.itemType ?? 'all'))?.label },
        <Select<ItemType | 'all'>
          aria-label="Item type"
          style={{ width: 160 }}
          value={filters.itemType ?? 'all'}
          onChange={(value) => onChange({ ...filters, itemType: value === 'all' ? null : value })}
          options={ITEM_TYPE_OPTIONS}
        />,
      )}
      {fieldAfterFirstPaint(
        painted,
        { width: 200, value: categoryName },
        <Select<string>
          aria-label="Category"
          style={{ width: 200 }}
          value={filters.categoryId ?? 'all'}
          onChange={(value) => onChange({ ...filters, categoryId: value === 'all' ? null : value })}
          options={[
            { value: 'all', label: 'All categories' },
            ...categories.map((category) => ({ value: category.Id, label: category.Name })),
          ]}
          loading={categoriesLoading}
          onMouseEnter={onCategoriesWanted}
          onFocus={onCategoriesWanted}
          onOpenChange={onCategoriesWanted}
          showSearch
          optionFilterProp="label"
        />,
      )}
      {campaigns ? (
        <Select<string>
          aria-label="Campaign"
          loading={campaignsLoading}
          style={{ width: 220 }}
          value={filters.campaign ?? 'all'}
          onChange={(value) => onChange({ ...filters, campaign: value === 'all' ? null : value })}
          options={[{ value: 'all', label: 'All campaigns' }, { value: NO_CAMPAIGN, label: 'No campaign' }, ...campaigns]}
          showSearch
          optionFilterProp="label"
          popupMatchSelectWidth={false}
        />
      ) : null}
      <CustomFieldFilters
        fields={customFields}
        value={filters.fields ?? {}}
        onChange={(fields) => onChange({ ...filters, fields })}
        columns={fieldColumns}
      />
      {hasFilters(filters) ? <Button onClick={() => onChange(NO_FILTERS)}>Clear filters</Button> : null}
    </Flex>
  );
};
