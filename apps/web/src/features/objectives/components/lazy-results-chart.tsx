import { lazyChart } from '../../../shared/ui/lazy-chart.tsx';

// The results chart as the objective page uses it: recharts loads after the page, in a box of the chart's height.
export const ResultsChart = lazyChart(
  async () => (await import('./results-chart.tsx')).ResultsChart,
  () => 300,
);
