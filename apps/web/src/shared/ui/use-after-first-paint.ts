import { useEffect, useState } from 'react';

/**
 * False while a component's first draw is on its way to the screen, true once the browser has
 * painted it: for requests the first screen does not show (a filter's list of choices), so that
 * the server answers them after the rows the page opened for, not at the same moment.
 */
export const useAfterFirstPaint = (): boolean => {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (painted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The frame is painted right after its animation-frame callbacks: a task queued from one runs after.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [painted]);
  return painted;
};
