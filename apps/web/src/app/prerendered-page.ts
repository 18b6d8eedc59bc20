import type { createAppRouter } from './router.tsx';

type AppRouter = ReturnType<typeof createAppRouter>;

/**
 * Draws the app in #root. When the server sent the page already drawn (login.html, made by
 * build/prerender.ts), React draws over it only once the route's code has loaded: drawing at once
 * would replace the page with the loading fallback and then draw it again. The field that had the
 * focus keeps it.
 */
export const takeOverPrerenderedPage = (root: HTMLElement, router: AppRouter, render: () => void): void => {
  if (!root.hasAttribute('data-prerendered')) {
    render();
    return;
  }
  const takeOver = () => {
    const focusedId = root.contains(document.activeElement) ? document.activeElement?.id : undefined;
    render();
    root.removeAttribute('data-prerendered');
    // React commits the first render in a task of its own: look for the field after it.
    if (focusedId) setTimeout(() => document.getElementById(focusedId)?.focus(), 0);
  };
  if (router.state.initialized) {
    takeOver();
    return;
  }
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized) return;
    unsubscribe();
    takeOver();
  });
};
