import { useCallback, useSyncExternalStore } from 'react';

// antd's lg breakpoint: below it the shell's side navigation becomes a drawer.
const NARROW = '(max-width: 991.98px)';

/** Whether a media query matches now, with a new render whenever that changes. */
export const useMediaQuery = (query: string): boolean => {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
};

/** Whether the window is narrower than 992 px (a phone or a small tablet). A few lines instead of antd's Grid observer. */
export const useNarrowScreen = (): boolean => useMediaQuery(NARROW);
