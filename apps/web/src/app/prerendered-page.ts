import type { createAppRouter } from './router.tsx';

type AppRouter = ReturnType<typeof createAppRouter>;

/**
 * Draws the app in #root. When the server sent the page already drawn (login.html, made by
 * build/prerender.ts), React draws over it only once the route's code has loaded: drawing at once
 * would replace the page with the loading fallback and then draw it again. The field that had the
 * focus keeps it, and a press of the drawn form's button (which sends nothing) sends React's form.
 */
export const takeOverPrerenderedPage = (root: HTMLElement, router: AppRouter, render: () => void): void => {
  if (!root.hasAttribute('data-prerendered')) {
    render();
    return;
  }
  let submitPressed = false;
  const notePress = (event: MouseEvent) => {
    if (event.target instanceof Element && event.target.closest('[data-submits]')) submitPressed = true;
  };
  root.addEventListener('click', notePress);
  const takeOver = () => {
    root.removeEventListener('click', notePress);
    const focusedId = root.contains(document.activeElement) ? document.activeElement?.id : undefined;
    render();
    // React commits in a task of its own: act on what it drew once the drawn page has gone.
    const whenDrawn = () => {
      if (root.querySelector('[data-submits], input[readonly]')) {
        setTimeout(whenDrawn, 10);
        return;
      }
      root.removeAttribute('data-prerendered');
      if (focusedId) document.getElementById(focusedId)?.focus();
      if (submitPressed) root.querySelector('form')?.requestSubmit();
    };
    whenDrawn();
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
