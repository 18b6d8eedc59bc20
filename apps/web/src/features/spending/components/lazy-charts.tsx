import { lazyChart } from '../../../shared/ui/lazy-chart.tsx';
import { breakdownChartHeight } from '../lib/chart-format.ts';

// The spending charts as the pages use them: recharts loads after the page, in a box of the chart's
// height, and only once the chart is in view (below a phone's first screen on the dashboard).
const IN_VIEW = { whenInView: true } as const;
export const MonthlySpendChart = lazyChart(
  async () => (await import('./monthly-spend-chart.tsx')).MonthlySpendChart,
  (props) => props.height ?? 320,
  IN_VIEW,
);
export const CumulativeBurnChart = lazyChart(
  async () => (await import('./cumulative-burn-chart.tsx')).CumulativeBurnChart,
  () => 320,
  IN_VIEW,
);
export const CategorySpendChart = lazyChart(
  async () => (await import('./breakdown-charts.tsx')).CategorySpendChart,
  (props) => breakdownChartHeight(props.categories.length),
  IN_VIEW,
);
export const PayeeSpendChart = lazyChart(
  async () => (await import('./breakdown-charts.tsx')).PayeeSpendChart,
  (props) => breakdownChartHeight(props.payees.length),
  IN_VIEW,
);
