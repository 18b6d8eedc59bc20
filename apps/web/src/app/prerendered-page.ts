import { startTransition } from 'react';
import { whenAntdStylesApply } from './antd-styles.ts';
import { type createAppRouter, whenRouted } from './router.tsx';

type AppRouter = ReturnType<typeof createAppRouter>;

/**
 * Draws the app in #root once the router has its first page. index.html already shows the router's
 * loading line (drawn at build time), which is all React would draw before the router has the first
 * page's code and first answers: React draws once the router has them, and in a transition, so that
 * first draw is cut into short tasks. antd's stylesheet applies by then, so antd does not make the
 * CSS the build made already. (The sign-in page the build draws, login.html, does not load the app:
 * its own script runs it, app/drawn-login-form.ts.)
 */
export const drawWhenRouted = (router: AppRouter, render: () => void): void => {
  whenRouted(router, () => whenAntdStylesApply(() => startTransition(render)));
};
