import { startTransition } from 'react';
import { whenAntdStylesApply } from './antd-styles.ts';
import { type createAppRouter, whenRouted } from './router.tsx';

type AppRouter = ReturnType<typeof createAppRouter>;

/**
 * Draws the app in #root once the router has its first page. When the server sent the page already
 * drawn (login.html, made by build/prerender.ts), React draws over it then: drawing at once would
 * replace the page with the loading fallback and then draw it again. The field that had the focus
 * keeps it, and a press of the drawn form's button (which sends nothing) sends React's form.
 */
export const takeOverPrerenderedPage = (root: HTMLElement, router: AppRouter, render: () => void): void => {
  if (!root.hasAttribute('data-prerendered')) {
    // index.html already shows the router's loading line (drawn at build time), which is all React
    // would draw before the router has the first page's code and first answers: React draws once
    // the router has them, and in a transition, so that first draw is cut into short tasks. antd's
    // stylesheet applies by then, so antd does not make the CSS the build made already.
    whenRouted(router, () => whenAntdStylesApply(() => startTransition(render)));
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
  whenRouted(router, takeOver);
};
