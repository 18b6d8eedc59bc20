import { startTransition, useEffect, useState } from 'react';

/**
 * False while a component's first draw is on its way to the screen, true once the browser has
 * painted it: for parts the first screen can do without (a filter's fields and list of choices, the
 * side navigation), so that they are drawn, and the server answers them, after the rows the page
 * opened for. The draw that follows is a transition, cut into short tasks: drawn in one, a phone's
 * budget page blocked the main thread for 130 ms more (Lighthouse's TBT 208 → 338 ms).
 */
export const useAfterFirstPaint = (): boolean => {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (painted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The frame is painted right after its animation-frame callbacks: a task queued from one runs after.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setPainted(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [painted]);
  return painted;
};
