import { lazyChart } from '../../../shared/ui/lazy-chart.tsx';
import { breakdownChartHeight } from '../lib/chart-format.ts';

// The spending charts as the pages use them: recharts loads after the page, in a box of the chart's height.
export const MonthlySpendChart = lazyChart(
  async () => (await import('./monthly-spend-chart.tsx')).MonthlySpendChart,
  (props) => props.height ?? 320,
);
export const CumulativeBurnChart = lazyChart(
  async () => (await import('./cumulative-burn-chart.tsx')).CumulativeBurnChart,
  () => 320,
);
export const CategorySpendChart = lazyChart(
  async () => (await import('./breakdown-charts.tsx')).CategorySpendChart,
  (props) => breakdownChartHeight(props.categories.length),
);
export const PayeeSpendChart = lazyChart(
  async () => (await import('./breakdown-charts.tsx')).PayeeSpendChart,
  (props) => breakdownChartHeight(props.payees.length),
);
