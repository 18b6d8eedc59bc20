import type { ObjectiveDetail } from '@plansmith/contract';
import { CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDate, formatMonth } from '../../../shared/format/dates.ts';
import { formatMetricValue } from '../../../shared/format/objective-values.ts';
import { legendLabel } from '../../../shared/ui/chart-legend.tsx';
import { buildResultsSeries } from '../lib/results-series.ts';

// "Jan 2027": a plan can span two years, so the month alone is ambiguous.
const axisDate = (time: number) => formatMonth(new Date(time).toISOString().slice(0, 10));

/** Results over time: cumulative (sums) or in force (latest), against the target pace line. */
export const ResultsChart = ({ objective }: { objective: ObjectiveDetail }) => {
  const data = buildResultsSeries(objective);
  const isSum = objective.Aggregation === 1;
  const format = (value: unknown) => formatMetricValue(Number(value), objective.MetricType);
  return (
    <div
      style={{ width: '100%', height: 300 }}
      role="img"
      aria-label={`${isSum ? 'Cumulative results' : 'Latest result'} ${format(objective.ActualValue)} against the target pace ${format(objective.ExpectedToDate)} today, target ${format(objective.TargetValue)}`}
    >
      <ResponsiveContainer>
        <ComposedChart data={data} margin={{ top: 16, right: 24, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="time" type="number" domain={['dataMin', 'dataMax']} tickFormatter={axisDate} tick={{ fontSize: 12 }} />
          <YAxis tickFormatter={format} width={80} tick={{ fontSize: 12 }} />
          <Tooltip labelFormatter={(time) => formatDate(new Date(Number(time)).toISOString().slice(0, 10))} formatter={format} />
          <Legend verticalAlign="top" formatter={legendLabel} />
          <Line
            dataKey="actual"
            name={isSum ? 'Results to date' : 'Latest result'}
            stroke="#0958d9"
            strokeWidth={3}
            dot={data.length <= 24 ? { r: 3 } : false}
            type={isSum ? 'linear' : 'stepAfter'}
            connectNulls={false}
            isAnimationActive={false}
          />
          {/* Drawn last so the dashed pace stays visible where the results run along it. */}
          <Line
            dataKey="pace"
            name={isSum ? 'Target pace' : 'Target'}
            stroke="#d46b08"
            strokeWidth={2}
            strokeDasharray="8 5"
            dot={false}
            type="linear"
            isAnimationActive={false}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
};
