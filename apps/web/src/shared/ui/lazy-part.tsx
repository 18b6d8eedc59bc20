import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { LoadingState } from './query-state.tsx';

/**
 * A part of a page (a table with its filters, a side panel) whose code loads when the page first
 * draws it, beside the page's data requests, instead of in the page's first download: the page's
 * header and frame paint at once, and the part shows the same loading line it shows while its data
 * is on the way, so nothing moves twice. Keeps each route's first load within its budget
 * (build/bundle-budget.ts) without touching the part itself.
 */
export const lazyPart = <P extends object>(load: () => Promise<ComponentType<P>>, fallback: ReactNode = <LoadingState />) => {
  const Part = lazy(async () => ({ default: await load() }));
  const LazyPart = (props: P) => (
    <Suspense fallback={fallback}>
      <Part {...props} />
    </Suspense>
  );
  return LazyPart;
};
