import type { SpendingMonth } from '@plansmith/contract';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatUsd } from '../../../shared/format/money.ts';
import { legendLabel } from '../../../shared/ui/chart-legend.tsx';
import { formatAxisUsd, formatMonth } from '../lib/chart-format.ts';

/** Actual and committed spend per month (stacked bars) against the phased budget (line). */
export const MonthlySpendChart = ({ months, height = 320 }: { months: SpendingMonth[]; height?: number }) => {
  const oneYear = new Set(months.map((month) => month.Month.slice(0, 4))).size <= 1;
  return (
    <div style={{ width: '100%', height }} role="img" aria-label="Spend by month against the phased budget">
      <ResponsiveContainer>
        <ComposedChart data={months} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="Month" tickFormatter={(month: string) => formatMonth(month, !oneYear)} tick={{ fontSize: 12 }} />
          <YAxis tickFormatter={formatAxisUsd} width={72} tick={{ fontSize: 12 }} />
          <Tooltip labelFormatter={(month) => formatMonth(String(month))} formatter={(value) => formatUsd(Number(value))} />
          <Legend verticalAlign="top" formatter={legendLabel} />
          <Bar dataKey="Actual" stackId="spend" fill="#0958d9" />
          <Bar dataKey="Committed" stackId="spend" fill="#ffd666" />
          <Line dataKey="Budgeted" name="Budget (phased)" stroke="#389e0d" strokeWidth={2} dot={{ r: 3 }} type="linear" />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
};
