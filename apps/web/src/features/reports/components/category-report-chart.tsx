import type { BudgetCategoriesReport } from '@plansmith/contract';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatBase, formatBaseCompact } from '../../../shared/format/money.ts';
import { legendLabel } from '../../../shared/ui/chart-legend.tsx';
import { CATEGORY_REPORT_CHART_HEIGHT } from '../lib/report-lines.ts';

const HEIGHT = CATEGORY_REPORT_CHART_HEIGHT;

/**
 * Budgeted against committed and actual money per category. With `width` the chart has a fixed
 * size (for print, where a responsive chart cannot measure the page before it is printed).
 */
export const CategoryReportChart = ({ report, width }: { report: BudgetCategoriesReport; width?: number }) => {
  const data = report.Rows.filter((row) => row.Budgeted !== 0 || row.Actual !== 0 || row.Committed !== 0);
  const chart = (
    <BarChart data={data} margin={{ top: 8, right: 16, bottom: 48, left: 16 }} {...(width ? { width, height: HEIGHT } : {})}>
      <CartesianGrid strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey="Name" angle={-25} textAnchor="end" interval={0} height={60} tick={{ fontSize: 12 }} />
      <YAxis tickFormatter={(value: number) => formatBaseCompact(value)} width={72} tick={{ fontSize: 12 }} />
      <Tooltip formatter={(value) => formatBase(Number(value))} />
      {/* A measured legend shifts the bars against the axis when the page is laid out for print. */}
      {width ? null : <Legend verticalAlign="top" formatter={legendLabel} />}
      <Bar dataKey="Budgeted" fill="#adc6ff" />
      <Bar dataKey="Committed" fill="#ffd666" />
      <Bar dataKey="Actual" fill="#0958d9" />
    </BarChart>
  );
  return (
    <div style={{ width: width ?? '100%', height: HEIGHT }} role="img" aria-label="Budgeted, committed and actual money per category">
      {width ? chart : <ResponsiveContainer>{chart}</ResponsiveContainer>}
      {width ? <div style={{ fontSize: 12 }}>Light blue: budgeted · yellow: committed · dark blue: actual</div> : null}
    </div>
  );
};
