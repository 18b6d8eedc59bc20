import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { LoadingState } from './query-state.tsx';

/**
 * A part of a page (a table with its filters, a side panel) whose code is not in the page's first
 * download: it starts loading as soon as the page's own code runs (beside the shell's code and the
 * data requests, not after the first paint), and until it arrives the part shows the same loading
 * line it shows while its data is on the way, so nothing moves twice. Keeps each route's first load
 * within its budget (build/bundle-budget.ts) without touching the part itself.
 */
export const lazyPart = <P extends object>(load: () => Promise<ComponentType<P>>, fallback: ReactNode = <LoadingState />) => {
  const loading = load();
  // A failed download is not an error yet: it is retried when the part is drawn, and lazy reports
  // the second failure.
  loading.catch(() => undefined);
  const Part = lazy(async () => ({ default: await loading.catch(load) }));
  const LazyPart = (props: P) => (
    <Suspense fallback={fallback}>
      <Part {...props} />
    </Suspense>
  );
  return LazyPart;
};
