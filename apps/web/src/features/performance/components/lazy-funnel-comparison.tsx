import { lazyChart } from '../../../shared/ui/lazy-chart.tsx';

// Chart and table rows as funnel-comparison.tsx draws them, so the placeholder holds their space.
const CHART_ROW_PX = 64;
const TABLE_ROW_PX = 39;
const TABLE_HEAD_PX = 56;

// The funnel comparison as the performance page shows it: recharts loads after the page, in a box of its height.
export const FunnelComparison = lazyChart(
  async () => (await import('./funnel-comparison.tsx')).FunnelComparison,
  ({ stages }) => Math.max(220, stages.length * CHART_ROW_PX + 60) + TABLE_HEAD_PX + stages.length * TABLE_ROW_PX,
);
