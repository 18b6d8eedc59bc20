import type { FunnelStage } from '@plansmith/contract';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { legendLabel } from '../../../shared/ui/chart-legend.tsx';
import { formatCount } from '../../../shared/format/money.ts';
import { funnelChartHeight } from '../lib/funnel-inputs.ts';

// Legend in the bars' order (recharts sorts it by label otherwise).
const SERIES = ['Planned', 'Actual'];

// A funnel narrows by orders of magnitude (visitors to customers): a log axis keeps every stage visible.
const toLog = (value: number | null): number | null => (value && value > 0 ? value : null);

/** Planned (the reverse math's Required) against actual volume per stage, widest stage on top. */
export const FunnelChart = ({ stages }: { stages: FunnelStage[] }) => {
  const data = stages.map((stage) => ({ Name: stage.Name, Planned: toLog(stage.Required), Actual: toLog(stage.Actual) }));
  const height = funnelChartHeight(stages.length);
  return (
    <div style={{ width: '100%', height }} role="img" aria-label="Funnel: planned against actual volume per stage, on a logarithmic scale">
      <ResponsiveContainer>
        <BarChart data={data} layout="vertical" margin={{ top: 8, right: 24, bottom: 24, left: 8 }} barGap={2}>
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis
            type="number"
            scale="log"
            domain={[1, 'auto']}
            allowDataOverflow
            tickFormatter={(value: number) => formatCount(value)}
            tick={{ fontSize: 12 }}
            label={{ value: 'Volume (logarithmic scale)', position: 'bottom', offset: 0, fontSize: 12 }}
          />
          <YAxis type="category" dataKey="Name" width={170} tick={{ fontSize: 12 }} />
          <Tooltip formatter={(value) => formatCount(Number(value))} />
          <Legend verticalAlign="top" formatter={legendLabel} itemSorter={(item) => SERIES.indexOf(String(item.dataKey))} />
          <Bar dataKey="Planned" name="Planned (required)" fill="#91caff" />
          <Bar dataKey="Actual" fill="#0958d9" />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
};
