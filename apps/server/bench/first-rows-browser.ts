// Times "first rows painted" in Debian's Chromium (playwright-core): from the navigation's start
// (performance.timeOrigin) to the frame that first shows a row matching a selector. A new browser
// is a new Chromium process on a prepared profile (signed in, data kept) with its HTTP cache
// emptied; a reload is the same page reloaded right after, with the cache warm.
import os from 'node:os';
import { type BrowserContext, chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS } from './built-app.ts';

/**
 * Runs in the page before its own scripts: notes the time of the first frame painted with a row.
 * Kept as text: a function handed to the page would carry the helpers tsx adds to compiled code.
 */
const watchForRows = (selector: string): string => `(() => {
  const selector = ${JSON.stringify(selector)};
  const observer = new MutationObserver(() => {
    if (window.__firstRowsAt !== undefined || document.querySelector(selector) === null) return;
    observer.disconnect();
    // The frame with the rows is painted right after this animation frame's callbacks.
    requestAnimationFrame(() => setTimeout(() => { window.__firstRowsAt ??= performance.now(); }, 0));
  });
  observer.observe(document, { childList: true, subtree: true });
})();`;

export const openProfile = (profileDir: string): Promise<BrowserContext> =>
  chromium.launchPersistentContext(profileDir, { executablePath: CHROMIUM, args: CHROMIUM_FLAGS, viewport: { width: 1366, height: 900 } });

const waitForRows = async (context: BrowserContext, timeoutMs: number): Promise<number> => {
  const page = context.pages()[0];
  if (!page) throw new Error('The browser has no page.');
  // A function, not text: the app's Content-Security-Policy forbids evaluating text.
  const handle = await page.waitForFunction(() => (globalThis as { __firstRowsAt?: number }).__firstRowsAt, undefined, {
    timeout: timeoutMs,
    polling: 50,
  });
  return Number(await handle.jsonValue());
};

export type RowTimes = { newBrowser: number[]; reload: number[]; load: number[] };

/** `runs` × (a new browser on `profileDir` opening `url`, then one reload), in ms. */
export const timeFirstRows = async (
  profileDir: string,
  url: string,
  selector: string,
  runs: number,
  timeoutMs = 60_000,
): Promise<RowTimes> => {
  const times: RowTimes = { newBrowser: [], reload: [], load: [] };
  for (let run = 0; run < runs; run += 1) {
    const context = await openProfile(profileDir);
    try {
      await context.addInitScript({ content: watchForRows(selector) });
      const page = context.pages()[0] ?? (await context.newPage());
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.clearBrowserCache');
      await cdp.detach();
      times.load.push(os.loadavg()[0] ?? Number.NaN);
      await page.goto(url, { waitUntil: 'commit' });
      times.newBrowser.push(await waitForRows(context, timeoutMs));
      await page.reload({ waitUntil: 'commit' });
      times.reload.push(await waitForRows(context, timeoutMs));
    } finally {
      await context.close();
    }
  }
  return times;
};

export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
