import { expect, type Locator } from '@playwright/test';

/**
 * Waits until a just-opened dialog (modal, drawer, confirmation) is shown and has stopped moving,
 * then returns it, so that clicks inside it land where they aim.
 *
 * antd zooms dialogs in and slides drawers in. Playwright's "stable" check compares the element's
 * box over two animation frames, and on a loaded 2-core machine those two frames can come out
 * alike while the zoom still runs: the click then lands where the button is about to leave, and
 * is lost (CI once lost "Create plan" on a dialog still marked `ant-zoom-appear-active`). A person
 * never meets this: the motion lasts a fifth of a second and they read the dialog first.
 *
 * It waits on the browser's own record of running CSS animations and transitions (Web Animations,
 * `document.getAnimations()`) on the dialog, its ancestors and its descendants; endless ones, such
 * as a spinner, are not waited for.
 */
export const settled = async (dialog: Locator): Promise<Locator> => {
  await expect(dialog).toBeVisible();
  await dialog.evaluate(async (element) => {
    const moving = document.getAnimations().filter((animation) => {
      const target = animation.effect instanceof KeyframeEffect ? animation.effect.target : null;
      const finite = animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY;
      return target !== null && finite && (target.contains(element) || element.contains(target));
    });
    // An animation cut short (its class removed) rejects `finished`; it has stopped all the same.
    await Promise.all(moving.map((animation) => animation.finished.catch(() => undefined)));
  });
  return dialog;
};
