import { lazyChart } from '../../../shared/ui/lazy-chart.tsx';

// antd's Table (~100 KB) loads after the page's first paint, like the charts: the reverse math shows at once.
const HEADER_PX = 55;
const ROW_PX = 55;

export const StageTable = lazyChart(
  async () => (await import('./stage-table.tsx')).StageTable,
  ({ funnel }) => HEADER_PX + funnel.Stages.length * ROW_PX,
);
