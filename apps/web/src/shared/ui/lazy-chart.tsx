import { type ComponentType, lazy, Suspense, startTransition, useLayoutEffect, useState } from 'react';

/**
 * True once the box is on the first screen, or comes into view: a chart
 * below the first screen (the dashboard's on a phone) is neither loaded nor drawn during the page's
 * first load. Drawing a recharts chart is one long main-thread task (its layout effects re-render it
 * synchronously, which React cannot cut into short tasks): on a phone's dashboard that was the
 * load's longest task. Where the browser cannot say (no IntersectionObserver, no layout) it draws at once.
 */
const useNearView = (atOnce: boolean): [boolean, (box: HTMLDivElement | null) => void] => {
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const [near, setNear] = useState(atOnce);
  useLayoutEffect(() => {
    if (near || !box) return;
    if (typeof IntersectionObserver === 'undefined' || box.getBoundingClientRect().top < window.innerHeight) {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        startTransition(() => setNear(true));
      },
      // No margin: half a screen more took in the phone dashboard's chart, just below its first screen.
      { rootMargin: '0px' },
    );
    observer.observe(box);
    return () => observer.disconnect();
  }, [box, near]);
  return [near, setBox];
};

/**
 * A chart whose code (recharts, ~90 KB compressed) loads after the page's first paint instead of
 * with it; with `whenInView`, only once the chart is in view (useNearView: for a picture nobody
 * acts on, never for a table or form drawn this way). Until it arrives a box of the chart's height
 * holds its place, so nothing moves (no layout shift) when it does.
 */
export const lazyChart = <P extends object>(
  load: () => Promise<ComponentType<P>>,
  heightOf: (props: P) => number,
  { whenInView = false }: { whenInView?: boolean } = {},
) => {
  const Chart = lazy(async () => ({ default: await load() }));
  const LazyChart = (props: P) => {
    const [near, boxRef] = useNearView(!whenInView);
    const placeholder = <div ref={near ? undefined : boxRef} style={{ width: '100%', height: heightOf(props) }} aria-busy="true" />;
    if (!near) return placeholder;
    return (
      <Suspense fallback={placeholder}>
        <Chart {...props} />
      </Suspense>
    );
  };
  return LazyChart;
};
