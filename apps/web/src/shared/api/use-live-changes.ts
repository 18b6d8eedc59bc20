import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/**
 * Keeps the tab's live event stream open while the signed-in shell is shown (DESIGN.md §13). Its
 * code loads after the shell, so no page's first load carries it.
 */
export const useLiveChanges = (): void => {
  const queryClient = useQueryClient();
  useEffect(() => {
    let stop: (() => void) | undefined;
    let unmounted = false;
    void import('./live-changes.ts').then(({ startLiveChanges }) => {
      if (!unmounted) stop = startLiveChanges(queryClient);
    });
    return () => {
      unmounted = true;
      stop?.();
    };
  }, [queryClient]);
};
