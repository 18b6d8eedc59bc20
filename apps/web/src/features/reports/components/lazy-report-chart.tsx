import { lazyChart } from '../../../shared/ui/lazy-chart.tsx';
import { CATEGORY_REPORT_CHART_HEIGHT } from '../lib/report-lines.ts';

/** The category report chart as the page uses it: recharts loads after the page, in a box of the chart's height. */
export const CategoryReportChart = lazyChart(
  async () => (await import('./category-report-chart.tsx')).CategoryReportChart,
  () => CATEGORY_REPORT_CHART_HEIGHT,
);
