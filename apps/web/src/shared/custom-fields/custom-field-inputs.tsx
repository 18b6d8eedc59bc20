import {
  type CustomField,
  type CustomFieldValues,
  type CustomFieldValuesInput,
  checkCustomFieldValue,
  customFieldText,
} from '@plansmith/contract';
import { Form, type FormInstance, Input, InputNumber, Select, Tag } from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { DATE_FORMAT, formatDate } from '../format/dates.ts';
import { formatNumber } from '../format/money.ts';
import { LazyDateInput } from '../ui/lazy-date-input.tsx';

/** What a form holds per field: text, a number, a day or the chosen options. */
export type CustomFieldFormValue = string | number | Dayjs | string[] | null | undefined;
export type CustomFieldFormValues = Record<string, CustomFieldFormValue>;

/** The form's starting values from a row's stored values. */
export const customFieldFormValues = (fields: readonly CustomField[], values: CustomFieldValues | undefined): CustomFieldFormValues =>
  Object.fromEntries(
    fields.map((field) => {
      const value = values?.[field.Id];
      if (value === undefined) return [field.Id, field.Type === 'MultiSelect' ? [] : undefined];
      return [field.Id, field.Type === 'Date' && typeof value === 'string' ? dayjs(value) : value];
    }),
  );

/** A Save body's CustomFields from the form: every field shown is sent (null clears it). */
export const customFieldRequest = (fields: readonly CustomField[], values: CustomFieldFormValues | undefined): CustomFieldValuesInput =>
  Object.fromEntries(
    fields.map((field) => {
      const value = values?.[field.Id];
      if (value === undefined || value === null || value === '') return [field.Id, null];
      if (dayjs.isDayjs(value)) return [field.Id, value.format(DATE_FORMAT)];
      return [field.Id, value as string | number | string[]];
    }),
  );

/**
 * A Save body's CustomFields with only the fields the form counts as touched (changed by the person,
 * or filled from the row's values by useCustomFieldValuesInForm, which antd also counts): a field
 * whose value never reached the form (its definition still loading, or added meanwhile) is left
 * out, so the server keeps its value instead of a save clearing it.
 */
export const touchedCustomFieldRequest = (
  form: FormInstance,
  fields: readonly CustomField[],
  values: CustomFieldFormValues | undefined,
): CustomFieldValuesInput | undefined => {
  const touched = fields.filter((field) => form.isFieldTouched(['CustomFields', field.Id]));
  return touched.length > 0 ? customFieldRequest(touched, values) : undefined;
};

/** Shows the row's values in the fields once they have loaded (the fields may come after the form), leaving edited ones alone. */
export const useCustomFieldValuesInForm = (form: FormInstance, fields: readonly CustomField[], values: CustomFieldValues | undefined) => {
  useEffect(() => {
    for (const [id, value] of Object.entries(customFieldFormValues(fields, values))) {
      if (!form.isFieldTouched(['CustomFields', id])) form.setFieldValue(['CustomFields', id], value);
    }
  }, [form, fields, values]);
};

/** The form field name of a server field error `CustomFields.<Id>`, or null for another field. */
export const customFieldErrorName = (field: string): ['CustomFields', string] | null =>
  field.startsWith('CustomFields.') ? ['CustomFields', field.slice('CustomFields.'.length)] : null;

const ruleOf = (field: CustomField): Rule => ({
  validator: async (_rule, value: CustomFieldFormValue) => {
    const wire = dayjs.isDayjs(value) ? (value.isValid() ? value.format(DATE_FORMAT) : 'invalid') : value;
    const checked = checkCustomFieldValue(field, wire);
    if (!checked.ok) throw new Error(checked.message);
  },
});

const inputOf = (field: CustomField) => {
  switch (field.Type) {
    case 'Text':
      return <Input maxLength={500} />;
    case 'Number':
      return <InputNumber style={{ width: '100%' }} />;
    case 'Date':
      return <LazyDateInput style={{ width: '100%' }} />;
    case 'Select':
      return <Select allowClear options={field.Options.map((option) => ({ value: option, label: option }))} placeholder="Choose" />;
    case 'MultiSelect':
      return (
        <Select
          mode="multiple"
          allowClear
          options={field.Options.map((option) => ({ value: option, label: option }))}
          placeholder="Choose any"
        />
      );
  }
};

/** The entity's custom fields in a form (antd Form, values under `CustomFields`), each by its type with the server's own rules. */
export const CustomFieldInputs = ({ fields }: { fields: readonly CustomField[] }) =>
  fields.length === 0
    ? null
    : fields.map((field) => (
        <Form.Item key={field.Id} label={field.Name} name={['CustomFields', field.Id]} required={field.Required} rules={[ruleOf(field)]}>
          {inputOf(field)}
        </Form.Item>
      ));

/** A stored value as a table cell shows it: a day as "Mar 1, 2026", tags as tags. */
export const CustomFieldValueView = ({ field, value }: { field: CustomField; value: CustomFieldValues[string] | undefined }) => {
  if (value === undefined) return <>—</>;
  if (field.Type === 'MultiSelect' && Array.isArray(value))
    return (
      <>
        {value.map((option) => (
          <Tag key={option}>{option}</Tag>
        ))}
      </>
    );
  if (field.Type === 'Date' && typeof value === 'string') return <>{formatDate(value)}</>;
  if (field.Type === 'Number' && typeof value === 'number') return <>{formatNumber(value)}</>;
  return <>{customFieldText(value)}</>;
};
