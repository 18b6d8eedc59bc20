import type { PivotMeasure, PivotResult } from '@plansmith/contract';
import { type TableColumnType, Typography } from 'antd';
import type { TableHTMLAttributes } from 'react';
import { formatCount, formatBase } from '../../../shared/format/money.ts';
import { MONEY_COLUMN } from '../../../shared/ui/money-column.ts';
import { ResponsiveTable } from '../../../shared/ui/responsive-table.tsx';
import { type PivotTableLine, toPivotLines, type ValueColumn, valueColumns } from '../lib/pivot-lines.ts';

/** As wide as its content, scrolled by the box around it (as the budget categories report). */
const WideTable = (props: TableHTMLAttributes<HTMLTableElement>) => (
  <table {...props} style={{ ...props.style, width: 'max-content', minWidth: '100%' }} />
);

/** A figure as the screen shows it: money in en-US USD (negative in red), Variance % as "12.5%", nothing as "—". */
export const formatFigure = (measure: PivotMeasure, value: number | null): string => {
  if (value === null) return '—';
  return measure === 'VariancePercent' ? `${formatCount(value)}%` : formatBase(value);
};

const figure = (column: ValueColumn) => (_: unknown, line: PivotTableLine) => {
  const value = column.valueOf(line.line);
  return (
    <Typography.Text
      type={value !== null && value < 0 ? 'danger' : column.isCompare ? 'secondary' : undefined}
      style={{ fontVariantNumeric: 'tabular-nums' }}
    >
      {formatFigure(column.measure, value)}
    </Typography.Text>
  );
};

type Column = TableColumnType<PivotTableLine> & { children?: Column[] };

/** The report's table: a line per row, a subtotal per first value (two dimensions) and the total; figures grouped by month or quarter. */
export const PivotTable = ({ result }: { result: PivotResult }) => {
  const lines = toPivotLines(result);
  const figures = valueColumns(result);
  const labelColumns: Column[] = result.Dimensions.map((dimension, index) => ({
    title: dimension.Label,
    key: `dimension-${index}`,
    fixed: index === 0 ? 'left' : undefined,
    render: (_: unknown, line: PivotTableLine) => {
      const label = line.labels[index] ?? '';
      return line.kind === 'row' ? label : <strong>{label}</strong>;
    },
  }));
  const leaf = (column: ValueColumn): Column => ({
    title: column.title,
    key: column.key,
    ...MONEY_COLUMN,
    render: figure(column),
  });
  const groups = new Map<string, ValueColumn[]>();
  for (const column of figures) groups.set(column.group ?? '', [...(groups.get(column.group ?? '') ?? []), column]);
  const figureColumns: Column[] = [...groups.entries()].flatMap(([group, columns]) =>
    group ? [{ title: group, key: `group-${group}`, children: columns.map(leaf) }] : columns.map(leaf),
  );
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: the scroll box takes focus so arrow keys scroll a report wider than the screen
    <section tabIndex={0} aria-label="Report table" style={{ overflowX: 'auto' }}>
      <ResponsiveTable<PivotTableLine>
        className="report-table"
        phoneTitle="Report lines"
        rowKey="key"
        size="small"
        bordered={result.Columns.length > 0}
        columns={[...labelColumns, ...figureColumns]}
        dataSource={lines}
        pagination={false}
        components={{ table: WideTable }}
        rowClassName={(line) => `report-line-${line.kind}`}
        onRow={(line) =>
          line.kind === 'row' ? {} : { style: { background: line.kind === 'total' ? '#e6f0ff' : '#fafafa', fontWeight: 600 } }
        }
      />
    </section>
  );
};
