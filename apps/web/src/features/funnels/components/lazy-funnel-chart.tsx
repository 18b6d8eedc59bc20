import { lazyChart } from '../../../shared/ui/lazy-chart.tsx';
import { funnelChartHeight } from '../lib/funnel-inputs.ts';

// The funnel chart as the funnels page shows it: recharts loads after the page, in a box of the chart's height.
export const FunnelChart = lazyChart(
  async () => (await import('./funnel-chart.tsx')).FunnelChart,
  ({ stages }) => funnelChartHeight(stages.length),
);
