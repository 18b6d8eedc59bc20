// The app servers the journeys run against: one per Playwright worker, each on its own port with a
// fresh data folder and the demo tenant, so two spec files running side by side never share a
// tenant's data. Read by playwright.config.ts (which starts them) and fixtures.ts (which points each
// worker at its own).
import path from 'node:path';

/**
 * How many spec files run at once (E2E_WORKERS, one by default). Two, each against its own server,
 * took the journeys from about 12.5 to 8.5–10.5 minutes on 2 cores, but every full run with two
 * surfaced another UI race (a click on a list still sliding in, a dialog over a link, a toast matched
 * twice) that one at a time had never shown: one stays the default until those are found and fixed.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 1));

const firstPort = Number(process.env.E2E_PORT ?? 3100);

/** Worker `index`'s server: its port and its data folder. */
export const e2eServer = (index: number): { port: number; dataDir: string; baseURL: string } => {
  const port = firstPort + index;
  return {
    port,
    dataDir: process.env.E2E_DATA_DIR ? `${process.env.E2E_DATA_DIR}-${index}` : path.resolve('.tmp', `e2e-data-${port}`),
    baseURL: `http://127.0.0.1:${port}`,
  };
};
