import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * React Router 7 ships a production build beside its development one, but its package exports
 * name only the development files (remix-run/react-router#12532, #14102): every bundle gets the
 * build with its development warnings switched on (ENABLE_DEV_WARNINGS), checked at run time and
 * carried in the page. The production build is the same code with them off, so the minifier
 * drops them. This points the bundle's `react-router` at it.
 */
const require = createRequire(import.meta.url);

export const PRODUCTION_REACT_ROUTER = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist/production/index.mjs');

export const productionReactRouter = (): Plugin => ({
  name: 'plansmith:production-react-router',
  apply: 'build',
  config: () => {
    if (!existsSync(PRODUCTION_REACT_ROUTER)) throw new Error(`React Router has no production build at ${PRODUCTION_REACT_ROUTER}.`);
    return { resolve: { alias: [{ find: /^react-router$/, replacement: PRODUCTION_REACT_ROUTER }] } };
  },
});
