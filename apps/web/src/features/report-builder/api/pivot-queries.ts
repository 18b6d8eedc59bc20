import { customFieldRoutes, type PivotDimension, type PivotRequestInput, pivotRoutes } from '@plansmith/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/client.ts';
import { reportKeys, savedReportKeys } from '../../../shared/api/query-keys.ts';
import type { DimensionOption } from '../lib/definition.ts';
import type { ReportPeriod } from '../lib/period-memory.ts';

/**
 * The report's answer. While a changed report is on its way the previous answer stays on screen
 * (marked as updating), so the table does not flash empty at every pick.
 */
export const usePivot = (request: PivotRequestInput | null) =>
  useQuery({
    queryKey: reportKeys.pivot(request ?? { MarketingPlanIds: [], Rows: [], Columns: 'None', Measures: [], From: '', To: '' }),
    queryFn: () => callApi(pivotRoutes.pivot, request as PivotRequestInput),
    enabled: request !== null,
    placeholderData: keepPreviousData,
  });

/**
 * The values a filter can pick for a dimension: the dimension's rows over the report's plans and
 * period (the same keys and labels the report's rows carry), asked only once the filter is shown.
 */
export const useDimensionValues = (dimension: PivotDimension | null, planIds: readonly string[], period: ReportPeriod, enabled = true) => {
  const request: PivotRequestInput = {
    MarketingPlanIds: [...planIds],
    Rows: [dimension ?? 'Category'],
    Columns: 'None',
    Measures: ['Budget'],
    Filters: [],
    Compare: 'None',
    ...period,
  };
  return useQuery({
    queryKey: reportKeys.pivot(request),
    queryFn: () => callApi(pivotRoutes.pivot, request),
    enabled: enabled && dimension !== null && planIds.length > 0,
    select: (result) => result.Rows.map((row) => ({ value: row.Keys[0]?.Key ?? '', label: row.Keys[0]?.Label ?? '' })),
    staleTime: 60_000,
  });
};

export const useSavedReports = () => useQuery({ queryKey: savedReportKeys.all, queryFn: () => callApi(pivotRoutes.listSavedReports, {}) });

/** The tenant's custom fields: each is a dimension of the report ("Field:<Id>"). */
export const useCustomFieldDimensions = () =>
  useQuery({
    queryKey: ['custom-fields', 'report-dimensions'],
    queryFn: () => callApi(customFieldRoutes.list, {}),
    select: (fields): DimensionOption[] =>
      fields.map((field) => ({
        value: `Field:${field.Id}`,
        label: field.Name,
        ...(field.Type === 'MultiSelect' ? { multiOptions: field.Options } : {}),
      })),
    staleTime: 5 * 60_000,
  });
