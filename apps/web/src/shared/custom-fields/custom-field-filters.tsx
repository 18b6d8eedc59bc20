import type { CustomField, CustomFieldFilter } from '@plansmith/contract';
import { Button, Flex, Input, Select } from 'antd';
import { useId, useState } from 'react';

import type { FieldFilterValues } from './field-filter-match.ts';

export type { FieldFilterValues };

/** The filters a list request sends: the non-empty ones of fields that still exist (a view may name a deleted one). */
export const toFieldFilters = (values: FieldFilterValues, fields: readonly CustomField[]): CustomFieldFilter[] | undefined => {
  const known = new Set(fields.map((field) => field.Id));
  const filters = Object.entries(values)
    .filter(([id, list]) => known.has(id) && list.length > 0)
    .map(([FieldId, Values]) => ({ FieldId, Values }));
  return filters.length > 0 ? filters : undefined;
};

/** A saved view's Fields slot read back as filter values (a single value becomes a list of one). */
export const fromSavedFieldFilters = (saved: Record<string, string | number | string[]> | undefined): FieldFilterValues =>
  Object.fromEntries(Object.entries(saved ?? {}).map(([id, value]) => [id, Array.isArray(value) ? value : [String(value)]]));

/** The fields a list can be filtered by on screen: Select and MultiSelect (any of the options) and Text (contains). */
const filterable = (fields: readonly CustomField[]) =>
  fields.filter((field) => field.Type === 'Select' || field.Type === 'MultiSelect' || field.Type === 'Text');

/**
 * One "Custom fields" button in a list's filter bar (its size is fixed, so the bar does not move when
 * the fields arrive); pressed, a row of one filter per field opens below it: Select and MultiSelect
 * pick any of the options, Text matches what it contains (applied on Enter or when it loses focus).
 */
export const CustomFieldFilters = ({
  fields,
  value,
  onChange,
  columns,
}: {
  fields: readonly CustomField[];
  value: FieldFilterValues;
  onChange: (value: FieldFilterValues) => void;
  /** Where a list shows fields as columns only when asked (/budget): the chosen field ids, in the opened row. */
  columns?: { value: readonly string[]; onChange: (ids: string[]) => void };
}) => {
  const shown = columns ? fields : filterable(fields);
  const active = shown.filter((field) => (value[field.Id]?.length ?? 0) > 0).length;
  const [open, setOpen] = useState(active > 0);
  const rowId = useId();
  const set = (id: string, values: string[]) => {
    const next = { ...value };
    if (values.length > 0) next[id] = values;
    else delete next[id];
    onChange(next);
  };
  return (
    <>
      <Button
        aria-expanded={open}
        aria-controls={rowId}
        disabled={shown.length === 0}
        title={shown.length === 0 ? 'No custom fields to filter by' : undefined}
        onClick={() => setOpen((current) => !current)}
        style={{ minWidth: 150 }}
      >
        {active > 0 ? `Custom fields (${active})` : 'Custom fields'}
      </Button>
      {open && shown.length > 0 ? (
        <Flex id={rowId} gap={8} wrap role="group" aria-label="Custom field filters" style={{ flexBasis: '100%' }}>
          {columns ? (
            <Select
              mode="multiple"
              aria-label="Custom field columns"
              placeholder="Show as columns"
              prefix={<span style={{ color: 'rgba(0, 0, 0, 0.55)' }}>Columns:</span>}
              allowClear
              maxTagCount="responsive"
              style={{ width: 280, maxWidth: '100%' }}
              value={[...columns.value]}
              options={fields.map((field) => ({ value: field.Id, label: field.Name }))}
              onChange={(ids: string[]) => columns.onChange(ids)}
            />
          ) : null}
          {filterable(fields).map((field) =>
            field.Type === 'Text' ? (
              <TextFilter
                key={field.Id}
                field={field}
                value={value[field.Id]?.[0] ?? ''}
                onChange={(text) => set(field.Id, text ? [text] : [])}
              />
            ) : (
              <Select
                key={field.Id}
                mode="multiple"
                aria-label={field.Name}
                placeholder="any"
                // The field's name stays in view once options are chosen.
                prefix={<span style={{ color: 'rgba(0, 0, 0, 0.55)' }}>{field.Name}:</span>}
                allowClear
                maxTagCount="responsive"
                style={{ width: 240, maxWidth: '100%' }}
                value={value[field.Id] ?? []}
                options={field.Options.map((option) => ({ value: option, label: option }))}
                onChange={(values: string[]) => set(field.Id, values)}
              />
            ),
          )}
        </Flex>
      ) : null}
    </>
  );
};

const TextFilter = ({ field, value, onChange }: { field: CustomField; value: string; onChange: (text: string) => void }) => {
  const [text, setText] = useState(value);
  const apply = () => {
    if (text.trim() !== value) onChange(text.trim());
  };
  return (
    <Input.Search
      aria-label={`${field.Name} contains`}
      placeholder={`${field.Name} contains`}
      allowClear
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        if (event.target.value === '') onChange('');
      }}
      onSearch={apply}
      onBlur={apply}
      style={{ width: 200, maxWidth: '100%' }}
    />
  );
};
