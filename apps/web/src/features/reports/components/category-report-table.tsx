import type { BudgetCategoriesReport } from '@plansmith/contract';
import type { TableHTMLAttributes } from 'react';
import { type TableProps, Typography } from 'antd';
import { ResponsiveTable } from '../../../shared/ui/responsive-table.tsx';
import { formatPercent, formatBase } from '../../../shared/format/money.ts';
import { showsFxVariance } from '../../../shared/ui/fx-variance-card.tsx';
import { MONEY_COLUMN } from '../../../shared/ui/money-column.ts';
import { type ReportLine, toReportLines } from '../lib/report-lines.ts';

/** The report's table as wide as its content (one line per cell, as scroll x max-content drew it), scrolled by the box around it. */
const WideTable = (props: TableHTMLAttributes<HTMLTableElement>) => (
  <table {...props} style={{ ...props.style, width: 'max-content', minWidth: '100%' }} />
);

const money = (value: number) => (
  <Typography.Text type={value < 0 ? 'danger' : undefined} style={{ fontVariantNumeric: 'tabular-nums' }}>
    {formatBase(value)}
  </Typography.Text>
);

/** The budget-categories report: a line per category, a subtotal per type and the total. */
export const CategoryReportTable = ({ report }: { report: BudgetCategoriesReport }) => {
  const columns: TableProps<ReportLine>['columns'] = [
    {
      title: 'Category (by category type)',
      dataIndex: 'label',
      key: 'label',
      fixed: 'left',
      width: 200,
      render: (label: string, line) => (line.kind === 'category' ? label : <strong>{label}</strong>),
    },
    { title: 'Budgeted', dataIndex: 'Budgeted', key: 'Budgeted', ...MONEY_COLUMN, render: money },
    { title: 'Planned', dataIndex: 'Planned', key: 'Planned', ...MONEY_COLUMN, render: money },
    { title: 'Committed', dataIndex: 'Committed', key: 'Committed', ...MONEY_COLUMN, render: money },
    { title: 'Actual', dataIndex: 'Actual', key: 'Actual', ...MONEY_COLUMN, render: money },
    { title: 'Available', dataIndex: 'Available', key: 'Available', ...MONEY_COLUMN, render: money },
    { title: 'Left to plan', dataIndex: 'LeftToPlan', key: 'LeftToPlan', ...MONEY_COLUMN, render: money },
    { title: 'Variance', dataIndex: 'Variance', key: 'Variance', ...MONEY_COLUMN, render: money },
    // DESIGN.md §14: the locked baseline, where the money will land, and Budgeted − Forecast.
    {
      title: 'Baseline',
      dataIndex: 'Baseline',
      key: 'Baseline',
      ...MONEY_COLUMN,
      render: (value: number | null) => (value === null ? '—' : money(value)),
    },
    { title: 'Forecast', dataIndex: 'Forecast', key: 'Forecast', ...MONEY_COLUMN, render: money },
    { title: 'Forecast variance', dataIndex: 'ForecastVariance', key: 'ForecastVariance', ...MONEY_COLUMN, render: money },
    // DESIGN.md §17: only for a plan with spend in another currency.
    ...(showsFxVariance(report.Totals.FxVariance, report.ForeignExpenseCount)
      ? [{ title: 'FX variance', dataIndex: 'FxVariance', key: 'FxVariance', ...MONEY_COLUMN, render: money }]
      : []),
    {
      title: '% spent',
      dataIndex: 'Percent',
      key: 'Percent',
      align: 'right',
      render: (percent: number | null) => (percent === null ? '—' : formatPercent(percent)),
    },
  ];
  // With its Baseline and Forecast columns the report is wider than a laptop screen: the box that
  // scrolls it is ours and takes focus, so a keyboard can scroll it (axe scrollable-region-focusable).
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: the scroll box itself takes focus so arrow keys scroll it
    <section tabIndex={0} aria-label="Budget categories report table" style={{ overflowX: 'auto' }}>
      <ResponsiveTable<ReportLine>
        className="report-table"
        rowKey="key"
        size="small"
        columns={columns}
        dataSource={toReportLines(report)}
        pagination={false}
        components={{ table: WideTable }}
        rowClassName={(line) => `report-line-${line.kind}`}
        onRow={(line) =>
          line.kind === 'category' ? {} : { style: { background: line.kind === 'total' ? '#e6f0ff' : '#fafafa', fontWeight: 600 } }
        }
      />
    </section>
  );
};
