import type { Page, Request } from '@playwright/test';

/**
 * Waits for the page's requests to be answered, as `waitForLoadState('networkidle')` would, but counts a
 * request as done once its answer has begun. 'networkidle' also waits for bodies: the live-changes
 * stream never ends, and an answer whose body nobody reads (a query a phone page does not show) is let
 * go only after 10 s, so every page cost 10 s more there. Call `watchRequests(page)` once, before the
 * first navigation; `quiet()` then resolves when nothing has been waiting for an answer for `idleMs`.
 */
export const watchRequests = (page: Page, idleMs = 300): { quiet: () => Promise<void> } => {
  const waiting = new Set<Request>();
  let lastChange = Date.now();
  const settle = (request: Request) => {
    if (waiting.delete(request)) lastChange = Date.now();
  };
  page.on('request', (request) => {
    waiting.add(request);
    lastChange = Date.now();
  });
  page.on('response', (response) => settle(response.request()));
  page.on('requestfailed', settle);
  return {
    quiet: async () => {
      const giveUp = Date.now() + 30_000;
      while (waiting.size > 0 || Date.now() - lastChange < idleMs) {
        if (Date.now() > giveUp) throw new Error(`Still waiting for ${[...waiting].map((request) => request.url()).join(', ')}`);
        await page.waitForTimeout(50);
      }
    },
  };
};
