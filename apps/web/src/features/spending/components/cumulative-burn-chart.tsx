import type { SpendingMonth } from '@plansmith/contract';
import { Area, CartesianGrid, ComposedChart, Legend, Line, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatPercent, formatBase } from '../../../shared/format/money.ts';
import { legendLabel } from '../../../shared/ui/chart-legend.tsx';
import { formatAxisUsd, formatMonth } from '../lib/chart-format.ts';

/**
 * Cumulative actual spend against the cumulative budget, with a marker at today: how far through
 * the plan we are against how much is spent.
 */
export const CumulativeBurnChart = ({ months, asOf, elapsedRatio }: { months: SpendingMonth[]; asOf: string; elapsedRatio: number }) => {
  const todayMonth = asOf.slice(0, 7);
  const todayIndex = months.findIndex((month) => month.Month === todayMonth);
  // Spend is known up to today; the line stops there instead of running flat into the future.
  const data = months.map((month) => (month.Month > todayMonth ? { ...month, CumulativeActual: null } : month));
  return (
    <div style={{ width: '100%', height: 320 }} role="img" aria-label="Cumulative spend against budget">
      <ResponsiveContainer>
        <ComposedChart data={data} margin={{ top: 24, right: 24, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="Month" tickFormatter={(month: string) => formatMonth(month, true)} tick={{ fontSize: 12 }} />
          <YAxis tickFormatter={formatAxisUsd} width={72} tick={{ fontSize: 12 }} />
          <Tooltip labelFormatter={(month) => formatMonth(String(month))} formatter={(value) => formatBase(Number(value))} />
          <Legend verticalAlign="top" formatter={legendLabel} />
          <Area dataKey="CumulativeBudgeted" name="Budget to date" stroke="#389e0d" fill="#d9f7be" type="linear" />
          <Line dataKey="CumulativeActual" name="Spent to date" stroke="#0958d9" strokeWidth={3} dot={false} type="linear" />
          {todayIndex >= 0 ? (
            <ReferenceLine
              x={todayMonth}
              stroke="#cf1322"
              strokeDasharray="4 4"
              label={{
                value: `Today · ${formatPercent(elapsedRatio)} of the plan elapsed`,
                position: 'insideTopLeft',
                fill: '#cf1322',
                fontSize: 12,
              }}
            />
          ) : null}
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
};
