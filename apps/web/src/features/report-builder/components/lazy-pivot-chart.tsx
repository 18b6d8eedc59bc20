import { lazyChart } from '../../../shared/ui/lazy-chart.tsx';

/** 320 px: pivot-chart.tsx's PIVOT_CHART_HEIGHT, written here so the page does not import recharts to know it. */
const HEIGHT = 320;

/** The report's chart as the page uses it: recharts loads after the page, in a box of the chart's height. */
export const PivotChart = lazyChart(
  async () => (await import('./pivot-chart.tsx')).PivotChart,
  () => HEIGHT,
);
