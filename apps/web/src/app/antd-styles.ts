/**
 * The built index.html links antd's CSS for the components its pages draw first (written at build
 * time by build/prerender.ts, writeAntdStyles) as a print stylesheet, so that it holds back neither
 * the first paint nor the page's scripts. antd reads once, when it first draws, which of its styles
 * the page has already, and makes and inserts only the others: the stylesheet must apply to the
 * screen before then. The dev server's page has no such stylesheet.
 */
export const ANTD_STYLES_SELECTOR = 'link[data-antd-styles]';

/**
 * Runs `then` once antd's stylesheet applies to the screen: at once when it has loaded (or when the
 * page has none), else when it loads. When it failed to load, `then` runs all the same and antd
 * makes its CSS in the browser, as it would without the stylesheet.
 */
export const whenAntdStylesApply = (then: () => void, page: Document = document): void => {
  const link = page.querySelector<HTMLLinkElement>(ANTD_STYLES_SELECTOR);
  if (!link) {
    then();
    return;
  }
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    if (link.sheet) link.media = 'all';
    then();
  };
  // Loaded already, or failed already (its request is over and it has no sheet).
  if (link.sheet || performance.getEntriesByName(link.href).length > 0) {
    finish();
    return;
  }
  link.addEventListener('load', finish, { once: true });
  link.addEventListener('error', finish, { once: true });
};
