import type { PivotCell, PivotLine, PivotMeasure, PivotResult } from '@plansmith/contract';
import { type ExportCell, type ExportSheet, moneyFormatFor } from '../../../shared/export/spreadsheet.ts';
import { COMPARE_SUFFIX, measureLabel } from './definition.ts';

/** One line of the table: a row, a first dimension's subtotal, or the grand total. */
export type PivotTableLine = {
  key: string;
  kind: 'row' | 'subtotal' | 'total';
  /** One label per row dimension ('' where a subtotal or the total has none). */
  labels: string[];
  line: PivotLine;
};

/**
 * The table's lines in reading order. With two row dimensions each first value's rows are followed
 * by its subtotal ("Events" · "Subtotal"); the grand total comes last. The server's figures are used
 * as they are: they are exact to the cent and add up (rows → subtotals → total).
 */
export const toPivotLines = (result: PivotResult): PivotTableLine[] => {
  const lines: PivotTableLine[] = [];
  const twoDimensions = result.Dimensions.length > 1;
  if (!twoDimensions) {
    result.Rows.forEach((row, index) => {
      lines.push({ key: `row-${index}-${row.Keys[0]?.Key}`, kind: 'row', labels: [row.Keys[0]?.Label ?? ''], line: row });
    });
  } else {
    for (const subtotal of result.Subtotals) {
      result.Rows.forEach((row, index) => {
        if (row.Keys[0]?.Key !== subtotal.Key.Key) return;
        lines.push({
          key: `row-${index}-${row.Keys[0]?.Key}-${row.Keys[1]?.Key}`,
          kind: 'row',
          labels: [row.Keys[0]?.Label ?? '', row.Keys[1]?.Label ?? ''],
          line: row,
        });
      });
      lines.push({ key: `subtotal-${subtotal.Key.Key}`, kind: 'subtotal', labels: [subtotal.Key.Label, 'Subtotal'], line: subtotal });
    }
  }
  lines.push({ key: 'total', kind: 'total', labels: ['Total', ...(twoDimensions ? [''] : [])], line: result.GrandTotal });
  return lines;
};

/** One column of figures: a measure (or its comparison) in one month/quarter or the whole period. */
export type ValueColumn = {
  key: string;
  /** The month or quarter ("Q1 2026"), or "Total" when the report has columns; null without columns. */
  group: string | null;
  /** "Actual" or "Actual (prior year)". */
  title: string;
  measure: PivotMeasure;
  isCompare: boolean;
  valueOf: (line: PivotLine) => number | null;
};

const pick = (cell: PivotCell | undefined, measure: PivotMeasure, isCompare: boolean): number | null => {
  const values = isCompare ? cell?.Compare : cell?.Values;
  return values?.[measure] ?? null;
};

export const valueColumns = (result: PivotResult): ValueColumn[] => {
  const suffix = result.Compare === 'None' ? null : COMPARE_SUFFIX[result.Compare];
  const forCell = (group: string | null, groupKey: string, cellOf: (line: PivotLine) => PivotCell | undefined): ValueColumn[] =>
    result.Measures.flatMap((measure) => {
      const own: ValueColumn = {
        key: `${groupKey}:${measure}`,
        group,
        title: measureLabel(measure),
        measure,
        isCompare: false,
        valueOf: (line) => pick(cellOf(line), measure, false),
      };
      if (!suffix) return [own];
      return [
        own,
        {
          key: `${groupKey}:${measure}:compare`,
          group,
          title: `${measureLabel(measure)} (${suffix})`,
          measure,
          isCompare: true,
          valueOf: (line) => pick(cellOf(line), measure, true),
        },
      ];
    });
  if (result.Columns.length === 0) return forCell(null, 'total', (line) => line.Total);
  return [
    ...result.Columns.flatMap((column, index) => forCell(column.Label, column.Key, (line) => line.Cells[index])),
    ...forCell('Total', 'total', (line) => line.Total),
  ];
};

/**
 * The report as one sheet: a column per row dimension, then a column per value column named
 * "Q1 2026 · Actual (USD)" (or "Actual (USD)" without columns): a money column names the base currency
 * (DESIGN.md §17). Money stays a number in the base currency (its format in XLSX); Variance % is a plain
 * number of percent; an empty figure (no baseline, no budget) is empty.
 */
export const toPivotSheet = (result: PivotResult, name: string): ExportSheet => {
  const columns = valueColumns(result);
  const dimensionHeaders = result.Dimensions.map((dimension) => dimension.Label);
  const titleOf = (column: ValueColumn) => {
    const title = column.group ? `${column.group} · ${column.title}` : column.title;
    return column.measure === 'VariancePercent' ? title : `${title} (${result.BaseCurrency})`;
  };
  const header = [...dimensionHeaders, ...columns.map(titleOf)];
  const rows: ExportCell[][] = toPivotLines(result).map((line) => [...line.labels, ...columns.map((column) => column.valueOf(line.line))]);
  const moneyColumns = columns.flatMap((column, index) => (column.measure === 'VariancePercent' ? [] : [dimensionHeaders.length + index]));
  // Sheet names: at most 31 characters, none of : \ / ? * [ ].
  const sheetName =
    name
      .replace(/[:\\/?*[\]]/g, ' ')
      .slice(0, 31)
      .trim() || 'Report';
  // USD keeps the sheets' usual format; another base currency is named in each money cell's format too.
  return {
    name: sheetName,
    header,
    rows,
    moneyColumns,
    ...(result.BaseCurrency === 'USD' ? {} : { moneyFormat: moneyFormatFor(result.BaseCurrency) }),
  };
};

/** One bar group of the chart: the first measure (and its comparison) for a value or a month/quarter. */
export type ChartPoint = { name: string; value: number; compare: number | null };

/** Bars beyond this many values are left out of the chart (the table has them all). */
export const MAX_CHART_POINTS = 24;

/**
 * The chart of the first measure: by month or quarter when the report has columns (the grand
 * total's cells), else by the first dimension's values (subtotals with two dimensions, rows with one).
 */
export const chartPoints = (result: PivotResult): { points: ChartPoint[]; measure: PivotMeasure | null; leftOut: number } => {
  const measure = result.Measures[0] ?? null;
  if (!measure) return { points: [], measure, leftOut: 0 };
  const hasCompare = result.Compare !== 'None';
  const point = (name: string, cell: PivotCell | undefined): ChartPoint => ({
    name,
    value: cell?.Values[measure] ?? 0,
    compare: hasCompare ? (cell?.Compare?.[measure] ?? 0) : null,
  });
  const all =
    result.Columns.length > 0
      ? result.Columns.map((column, index) => point(column.Label, result.GrandTotal.Cells[index]))
      : result.Dimensions.length > 1
        ? result.Subtotals.map((subtotal) => point(subtotal.Key.Label, subtotal.Total))
        : result.Rows.map((row) => point(row.Keys[0]?.Label ?? '', row.Total));
  return { points: all.slice(0, MAX_CHART_POINTS), measure, leftOut: Math.max(0, all.length - MAX_CHART_POINTS) };
};
