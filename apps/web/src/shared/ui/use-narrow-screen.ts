import { useSyncExternalStore } from 'react';

// antd's lg breakpoint: below it the shell's side navigation becomes a drawer.
const NARROW = '(max-width: 991.98px)';

const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(NARROW);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

/** Whether the window is narrower than 992 px (a phone or a small tablet). A few lines instead of antd's Grid observer. */
export const useNarrowScreen = (): boolean => useSyncExternalStore(subscribe, () => window.matchMedia(NARROW).matches);
