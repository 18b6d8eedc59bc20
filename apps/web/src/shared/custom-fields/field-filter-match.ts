import type { CustomField } from '@plansmith/contract';

/** Custom field filters as a list keeps them: field id → values (a saved view's Fields). */
export type FieldFilterValues = Record<string, string[]>;

/**
 * Whether a row's custom field values pass the filters, as the server's Fields filter does
 * (contract CustomFieldFiltersSchema): Select one of the values, MultiSelect any of them, Text
 * contains one ignoring case. A filter of a field no longer in `fields` is ignored.
 */
export const matchesFieldFilters = (
  values: Readonly<Record<string, unknown>> | undefined,
  filters: FieldFilterValues | undefined,
  fields: readonly CustomField[],
): boolean =>
  Object.entries(filters ?? {}).every(([id, wanted]) => {
    const field = fields.find((each) => each.Id === id);
    if (!field || wanted.length === 0) return true;
    const value = values?.[id];
    if (field.Type === 'MultiSelect') return Array.isArray(value) && value.some((tag) => wanted.includes(String(tag)));
    if (field.Type === 'Text') {
      const text = typeof value === 'string' ? value.toLowerCase() : '';
      return wanted.some((part) => text.includes(part.toLowerCase()));
    }
    return value !== undefined && value !== null && wanted.includes(String(value));
  });
