import type { FunnelStageComparison } from '@plansmith/contract';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCount, formatPercent } from '../../../shared/format/money.ts';
import { legendLabel } from '../../../shared/ui/chart-legend.tsx';
import './funnel-comparison.css';

// Legend in the bars' order (recharts sorts it by label otherwise).
const SERIES = ['Planned', 'Expected', 'Actual'];

const show = (value: number | null): string => formatCount(value);

// A funnel narrows by orders of magnitude (visitors to customers): a log axis keeps every stage visible.
const toLog = (value: number | null): number | null => (value && value > 0 ? value : null);

/** The chart's height; lazy-funnel-comparison.tsx adds the table's for its placeholder. */
export const chartHeight = (stages: number): number => Math.max(220, stages * 64 + 60);

/** Per active stage: the model's Required (planned), the forecast grid's total (expected) and the actual total. */
export const FunnelComparison = ({ stages }: { stages: FunnelStageComparison[] }) => {
  const data = stages.map((stage) => ({
    Name: stage.Name,
    Planned: toLog(stage.Planned),
    Expected: toLog(stage.Expected),
    Actual: toLog(stage.Actual),
  }));
  return (
    <>
      <div
        style={{ width: '100%', height: chartHeight(stages.length) }}
        role="img"
        aria-label="Funnel: planned, expected and actual volume per stage, on a logarithmic scale"
      >
        <ResponsiveContainer>
          <BarChart data={data} layout="vertical" margin={{ top: 8, right: 24, bottom: 24, left: 8 }} barGap={1}>
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
            <Bar dataKey="Expected" name="Expected (forecast)" fill="#4096ff" />
            <Bar dataKey="Actual" fill="#003eb3" />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <p className="funnel-comparison-scale">
        Logarithmic scale: each step on the axis is ten times the one before, so small stages stay visible beside large ones.
      </p>
      {/* On a phone the table scrolls sideways inside its wrapper, never the page. */}
      <div className="funnel-comparison-scroll">
        <table className="funnel-comparison-table" aria-label="Funnel planned, expected and actual per stage">
          <thead>
            <tr>
              <th scope="col">Stage</th>
              <th scope="col">Planned</th>
              <th scope="col">Expected</th>
              <th scope="col">Actual</th>
              <th scope="col">Actual of planned</th>
            </tr>
          </thead>
          <tbody>
            {stages.map((stage) => (
              <tr key={stage.FunnelStageId}>
                <th scope="row">{stage.Name}</th>
                <td>{show(stage.Planned)}</td>
                <td>{show(stage.Expected)}</td>
                <td>{show(stage.Actual)}</td>
                <td>{stage.Planned ? formatPercent(stage.Actual / stage.Planned) : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
};
