import { type CustomField, type CustomFieldEntity, customFieldRoutes } from '@plansmith/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { callApi } from '../api/client.ts';

/** Below the features: the expenses, budget and account screens all read the tenant's custom fields. */
export const customFieldKeys = {
  all: ['custom-fields'] as const,
  list: () => [...customFieldKeys.all, 'list'] as const,
};

/** Every custom field of the tenant (one request for all entities), by entity and position. */
export const useAllCustomFields = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ queryKey: customFieldKeys.list(), queryFn: () => callApi(customFieldRoutes.list, {}), enabled, staleTime: 60_000 });

export const fieldsOf = (fields: readonly CustomField[] | undefined, entity: CustomFieldEntity): CustomField[] =>
  (fields ?? []).filter((field) => field.Entity === entity).sort((a, b) => a.Position - b.Position || a.Name.localeCompare(b.Name));

/** One entity's custom fields in their order ([] while loading). */
export const useCustomFields = (entity: CustomFieldEntity) => {
  const query = useAllCustomFields();
  const fields = useMemo(() => fieldsOf(query.data, entity), [query.data, entity]);
  return { ...query, fields };
};
