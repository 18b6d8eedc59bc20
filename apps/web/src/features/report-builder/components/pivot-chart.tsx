import type { PivotResult } from '@plansmith/contract';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCount, formatBase, formatBaseCompact } from '../../../shared/format/money.ts';
import { legendLabel } from '../../../shared/ui/chart-legend.tsx';
import { COMPARE_SUFFIX, measureLabel } from '../lib/definition.ts';
import { chartPoints } from '../lib/pivot-lines.ts';

export const PIVOT_CHART_HEIGHT = 320;

/** The report's first measure as bars (beside its comparison, lighter), by value or by month/quarter. */
export const PivotChart = ({ result }: { result: PivotResult }) => {
  const { points, measure } = chartPoints(result);
  if (!measure) return null;
  const isPercent = measure === 'VariancePercent';
  const format = (value: number) => (isPercent ? `${formatCount(value)}%` : formatBase(value));
  const title = measureLabel(measure);
  const compareTitle = result.Compare === 'None' ? null : `${title} (${COMPARE_SUFFIX[result.Compare]})`;
  return (
    <div
      style={{ width: '100%', height: PIVOT_CHART_HEIGHT }}
      role="img"
      aria-label={`${title} by ${result.Columns.length > 0 ? 'period' : (result.Dimensions[0]?.Label ?? 'value')}`}
    >
      <ResponsiveContainer>
        <BarChart data={points} margin={{ top: 8, right: 16, bottom: 48, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="name" angle={-25} textAnchor="end" interval={0} height={64} tick={{ fontSize: 12 }} />
          <YAxis
            tickFormatter={(value: number) => (isPercent ? `${formatCount(value)}%` : formatBaseCompact(value))}
            width={72}
            tick={{ fontSize: 12 }}
          />
          <Tooltip formatter={(value) => format(Number(value))} />
          <Legend verticalAlign="top" formatter={legendLabel} />
          <Bar dataKey="value" name={title} fill="#0958d9" />
          {compareTitle ? <Bar dataKey="compare" name={compareTitle} fill="#adc6ff" /> : null}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
};
