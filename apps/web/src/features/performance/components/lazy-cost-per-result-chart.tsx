import { lazyChart } from '../../../shared/ui/lazy-chart.tsx';

// The cost-per-result chart as the performance page uses it: recharts loads after the page, in a box of the chart's height.
export const CostPerResultChart = lazyChart(
  async () => (await import('./cost-per-result-chart.tsx')).CostPerResultChart,
  () => 320,
);
