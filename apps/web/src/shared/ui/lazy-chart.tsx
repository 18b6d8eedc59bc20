import { type ComponentType, lazy, Suspense } from 'react';

/**
 * A chart whose code (recharts, ~90 KB compressed) loads after the page's first paint instead of
 * with it. Until it arrives a box of the chart's height holds its place, so nothing moves (no layout
 * shift) when it does.
 */
export const lazyChart = <P extends object>(load: () => Promise<ComponentType<P>>, heightOf: (props: P) => number) => {
  const Chart = lazy(async () => ({ default: await load() }));
  const LazyChart = (props: P) => (
    <Suspense fallback={<div style={{ width: '100%', height: heightOf(props) }} aria-busy="true" />}>
      <Chart {...props} />
    </Suspense>
  );
  return LazyChart;
};
