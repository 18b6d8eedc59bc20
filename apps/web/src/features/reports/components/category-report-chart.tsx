import type { BudgetCategoriesReport } from '@plansmith/contract';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatUsd } from '../../../shared/format/money.ts';

const compactUsd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
});

/** Budgeted against committed and actual money per category. */
export const CategoryReportChart = ({ report }: { report: BudgetCategoriesReport }) => {
  const data = report.Rows.filter((row) => row.Budgeted !== 0 || row.Actual !== 0 || row.Committed !== 0);
  return (
    <div style={{ width: '100%', height: 340 }} role="img" aria-label="Budgeted, committed and actual money per category">
      <ResponsiveContainer>
        <BarChart data={data} margin={{ top: 8, right: 16, bottom: 48, left: 16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="Name" angle={-25} textAnchor="end" interval={0} height={60} tick={{ fontSize: 12 }} />
          <YAxis tickFormatter={(value: number) => compactUsd.format(value)} width={72} tick={{ fontSize: 12 }} />
          <Tooltip formatter={(value) => formatUsd(Number(value))} />
          <Legend verticalAlign="top" />
          <Bar dataKey="Budgeted" fill="#adc6ff" />
          <Bar dataKey="Committed" fill="#ffd666" />
          <Bar dataKey="Actual" fill="#0958d9" />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
};
