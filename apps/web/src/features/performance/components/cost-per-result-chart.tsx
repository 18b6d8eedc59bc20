import type { PerformanceMonth } from '@plansmith/contract';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCount, formatBase, formatBaseCompact } from '../../../shared/format/money.ts';
import { formatMonthLabel } from '../../../shared/format/objective-values.ts';
import { legendLabel } from '../../../shared/ui/chart-legend.tsx';

/**
 * Per month: spend on count objectives' items (bars) and the cost per result (line); a month without
 * spend has no cost per result (null from the server), so the line has no point there, not $0.
 * Months carry their year ("Jan 2027"): a plan can span two.
 */
export const CostPerResultChart = ({ months }: { months: PerformanceMonth[] }) => (
  <div style={{ width: '100%', height: 320 }} role="img" aria-label="Cost per result, spend and results by month">
    <ResponsiveContainer>
      <ComposedChart data={months} margin={{ top: 16, right: 16, bottom: 8, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="Month" tickFormatter={(month: string) => formatMonthLabel(month)} tick={{ fontSize: 12 }} />
        <YAxis yAxisId="usd" tickFormatter={(value: number) => formatBaseCompact(value)} width={64} tick={{ fontSize: 12 }} />
        <YAxis
          yAxisId="cost"
          orientation="right"
          tickFormatter={(value: number) => formatBaseCompact(value)}
          width={56}
          tick={{ fontSize: 12 }}
        />
        <Tooltip
          labelFormatter={(month) => formatMonthLabel(String(month))}
          formatter={(value, name) => (name === 'Results' ? formatCount(Number(value)) : value === null ? '—' : formatBase(Number(value)))}
        />
        <Legend verticalAlign="top" formatter={legendLabel} />
        <Bar yAxisId="usd" dataKey="CountSpent" name="Spend on count objectives" fill="#91caff" />
        <Line
          yAxisId="cost"
          dataKey="CostPerResult"
          name="Cost per result"
          stroke="#cf1322"
          strokeWidth={3}
          dot={{ r: 3 }}
          connectNulls={false}
        />
      </ComposedChart>
    </ResponsiveContainer>
  </div>
);
