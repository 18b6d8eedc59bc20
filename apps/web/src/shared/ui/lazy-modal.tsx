import { type ComponentType, lazy, Suspense, useState } from 'react';

/**
 * A modal (or drawer) whose code, with the form library it brings, loads when it is first shown
 * instead of with the page. `shown` says from its props whether it is open; once shown it stays
 * mounted, so it can animate closed and opens at once the next time.
 */
export const lazyModal = <P extends object>(load: () => Promise<ComponentType<P>>, shown: (props: P) => boolean) => {
  const Modal = lazy(async () => ({ default: await load() }));
  const LazyModal = (props: P) => {
    const [opened, setOpened] = useState(false);
    if (!opened && shown(props)) setOpened(true);
    return opened || shown(props) ? (
      <Suspense fallback={null}>
        <Modal {...props} />
      </Suspense>
    ) : null;
  };
  return LazyModal;
};
