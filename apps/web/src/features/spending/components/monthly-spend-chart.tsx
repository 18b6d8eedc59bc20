import type { SpendingMonth } from '@plansmith/contract';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatBase } from '../../../shared/format/money.ts';
import { legendLabel } from '../../../shared/ui/chart-legend.tsx';
import { formatAxisUsd, formatMonth } from '../lib/chart-format.ts';

/** Actual, committed and planned spend per month (stacked bars) against the phased budget (line); months labelled with their year. */
export const MonthlySpendChart = ({ months, height = 320 }: { months: SpendingMonth[]; height?: number }) => {
  return (
    <div style={{ width: '100%', height }} role="img" aria-label="Spend by month against the phased budget">
      <ResponsiveContainer>
        <ComposedChart data={months} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="Month" tickFormatter={(month: string) => formatMonth(month, true)} tick={{ fontSize: 12 }} />
          <YAxis tickFormatter={formatAxisUsd} width={72} tick={{ fontSize: 12 }} />
          <Tooltip labelFormatter={(month) => formatMonth(String(month))} formatter={(value) => formatBase(Number(value))} />
          <Legend verticalAlign="top" formatter={legendLabel} />
          <Bar dataKey="Actual" stackId="spend" fill="#0958d9" />
          <Bar dataKey="Committed" stackId="spend" fill="#ffd666" />
          <Bar dataKey="Planned" stackId="spend" fill="#d3adf7" />
          <Line dataKey="Budgeted" name="Budget (phased)" stroke="#389e0d" strokeWidth={2} dot={{ r: 3 }} type="linear" />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
};
