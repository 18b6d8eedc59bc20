// Playwright's test API with one change: each worker's pages, requests and new contexts go to that
// worker's own app server (servers.ts), so the spec files running at the same time never meet in one tenant.
import { test as base } from '@playwright/test';
import { e2eServer } from './servers.ts';

export * from '@playwright/test';

export const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern, and it needs none.
  baseURL: async ({}, use, testInfo) => {
    await use(e2eServer(testInfo.parallelIndex).baseURL);
  },
});
