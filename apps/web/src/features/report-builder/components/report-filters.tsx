import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { PIVOT_NONE_KEY, type PivotFilter } from '@plansmith/contract';
import { Button, Flex, Select, Typography } from 'antd';
import { useDimensionValues } from '../api/pivot-queries.ts';
import { type DimensionOption, dimensionLabel } from '../lib/definition.ts';
import type { ReportPeriod } from '../lib/period-memory.ts';

type Props = {
  filters: readonly PivotFilter[];
  onChange: (next: PivotFilter[]) => void;
  dimensions: readonly DimensionOption[];
  planIds: readonly string[];
  period: ReportPeriod;
};

/** One filter: a dimension and the values kept; its values are the dimension's own rows over the report's plans and period. */
const FilterRow = ({
  filter,
  index,
  onChange,
  onRemove,
  dimensions,
  planIds,
  period,
}: {
  filter: { Dimension: string; Values: string[] };
  index: number;
  onChange: (next: { Dimension: string; Values: string[] }) => void;
  onRemove: () => void;
  dimensions: readonly DimensionOption[];
  planIds: readonly string[];
  period: ReportPeriod;
}) => {
  const multiOptions = dimensions.find((option) => option.value === filter.Dimension)?.multiOptions;
  const values = useDimensionValues(filter.Dimension, planIds, period, !multiOptions);
  const name = dimensionLabel(filter.Dimension, dimensions);
  const offered = multiOptions
    ? [...multiOptions.map((option) => ({ value: option, label: option })), { value: PIVOT_NONE_KEY, label: `(No ${name})` }]
    : (values.data ?? []);
  // A value kept by a saved report that has no money in this period is still shown (by its key).
  const known = new Set(offered.map((option) => option.value));
  const options = [...offered, ...filter.Values.filter((value) => !known.has(value)).map((value) => ({ value, label: value }))];
  return (
    <Flex gap={8} wrap align="center" role="group" aria-label={`Filter ${index + 1}: ${name}`}>
      <Select<string>
        aria-label={`Filter ${index + 1} dimension`}
        value={filter.Dimension}
        onChange={(dimension) => onChange({ Dimension: dimension, Values: [] })}
        options={[...dimensions]}
        style={{ width: 180, maxWidth: '100%' }}
        showSearch
        optionFilterProp="label"
      />
      <Typography.Text type="secondary">is any of</Typography.Text>
      <Select<string[]>
        aria-label={`${name} values`}
        mode="multiple"
        value={filter.Values}
        onChange={(picked) => onChange({ ...filter, Values: picked })}
        options={options}
        loading={values.isFetching}
        optionFilterProp="label"
        placeholder={values.isError ? 'The values could not be loaded' : `Choose ${name.toLowerCase()} values`}
        style={{ flex: '1 1 220px', minWidth: 0 }}
        maxTagCount={4}
      />
      <Button icon={<DeleteOutlined />} aria-label={`Remove filter ${index + 1} (${name})`} onClick={onRemove} />
    </Flex>
  );
};

/**
 * Filters combine with AND. A filter without values yet is kept on screen but not sent (the server
 * needs at least one value), so picking a dimension first does not answer an error.
 */
export const ReportFilters = ({ filters, onChange, dimensions, planIds, period }: Props) => (
  <Flex vertical gap={8}>
    {filters.map((filter, index) => (
      <FilterRow
        // Filters have no id of their own; their place in the list is who they are.
        // biome-ignore lint/suspicious/noArrayIndexKey: a filter is edited in place; its index is its identity
        key={index}
        filter={filter}
        index={index}
        dimensions={dimensions}
        planIds={planIds}
        period={period}
        onChange={(next) => onChange(filters.map((entry, at) => (at === index ? next : entry)))}
        onRemove={() => onChange(filters.filter((_, at) => at !== index))}
      />
    ))}
    <div>
      <Button
        icon={<PlusOutlined />}
        onClick={() => {
          const unused = dimensions.find((option) => !filters.some((filter) => filter.Dimension === option.value));
          onChange([...filters, { Dimension: unused?.value ?? 'Category', Values: [] }]);
        }}
        disabled={filters.length >= 20}
      >
        Add filter
      </Button>
    </div>
  </Flex>
);
