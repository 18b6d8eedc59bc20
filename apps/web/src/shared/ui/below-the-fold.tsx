import { type ReactNode, useDeferredValue } from 'react';
import { useNarrowScreen } from './use-narrow-screen.ts';

/**
 * A part that starts below the fold on a phone (the budget grid under the summary and filters):
 * there it is drawn in a second render, which React can interrupt, after the first paint of what is
 * in view; on a wider screen, where it is in view, at once. Nothing is drawn below it, so nothing
 * moves when it comes.
 */
export const BelowTheFoldOnPhone = ({ children }: { children: ReactNode }) => {
  const narrow = useNarrowScreen();
  // Its first render gives the initial value (false on a phone), then a deferred one gives true.
  const shown = useDeferredValue(true, !narrow);
  return shown ? children : null;
};
