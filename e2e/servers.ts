// The app servers the journeys run against: one per Playwright worker, each on its own port with a
// fresh data folder and the demo tenant, so two spec files running side by side never share a
// tenant's data. Read by playwright.config.ts (which starts them) and fixtures.ts (which points each
// worker at its own).
import path from 'node:path';

/** How many journeys run at once (E2E_WORKERS, two by default: the CI machine's cores). */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

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
