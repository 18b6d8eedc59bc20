import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Manifest } from 'vite';
import { ANONYMOUS_PAGES, firstLoadFiles } from './bundle-budget.ts';

/**
 * Each route's first-load scripts beyond the entry's, and those of the parts its page draws at once
 * (lazyPartSources), by route name (the names of @plansmith/contract's `paths`), for the server to announce in the page's HTML (<link rel="modulepreload">,
 * apps/server/src/plugins/spa.ts): the browser then fetches the route's code while it still
 * evaluates the entry, instead of after the router asks for it. Written to dist/route-preloads.json.
 */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/** `page('budget', () => import('./pages/budget-page.tsx'), …)` in the router: route name → page file. */
export const routePages = (routerSource: string): Record<string, string> =>
  Object.fromEntries(
    [...routerSource.matchAll(/page\(\s*'(\w+)',\s*\(\)\s*=>\s*import\('\.\/pages\/([\w-]+)\.tsx'\)/g)].map(([, name, file]) => [
      name,
      `src/app/pages/${file}.tsx`,
    ]),
  );

// What the router loads around a page: the anonymous layout, or the session guard, the signed-in
// shell, the policy guard and the prefetchers (app/router.tsx).
const ANONYMOUS_PARTS = ['src/app/layouts/anonymous-layout.tsx'];
const SIGNED_IN_PARTS = ['src/app/guards.tsx', 'src/app/layouts/app-shell.tsx', 'src/app/require-policy.tsx', 'src/app/prefetch.ts'];

/** What the router loads with a page (its source, src/app/pages/…): its layout, guards and prefetchers. */
export const routeParts = (source: string): readonly string[] => {
  const page = /src\/app\/pages\/(.+)-page\.tsx$/.exec(source)?.[1] ?? '';
  // The guest's plan summary is drawn without a layout.
  return page === 'guest-plan-summary' ? [] : ANONYMOUS_PAGES.has(page) ? ANONYMOUS_PARTS : SIGNED_IN_PARTS;
};

/**
 * The parts a page draws at once but loads apart (`lazyPart(async () => (await import('…'))…)`,
 * shared/ui/lazy-part.tsx: a table, a side panel), as sources: announced with the route's own
 * scripts, they arrive with them instead of after the page's code has run and asked for them.
 */
export const lazyPartSources = (pageFile: string, pageSource: string): string[] =>
  [...pageSource.matchAll(/lazyPart\(\s*async\s*\(\)\s*=>\s*\(await import\('(\.[^']+)'\)\)/g)].map(([, specifier = '']) =>
    path.posix.join(path.posix.dirname(pageFile), specifier),
  );

export const routePreloads = (
  manifest: Manifest,
  pages: Record<string, string>,
  lazyParts: (source: string) => readonly string[] = () => [],
): Record<string, string[]> => {
  const entryFiles = new Set(firstLoadFiles(manifest, []));
  return Object.fromEntries(
    Object.entries(pages).map(([name, source]) => {
      // A part that another page imports as it is has no chunk of its own to announce (it is in that
      // page's code): it loads when the page asks for it.
      const parts = lazyParts(source).filter((part) => manifest[part] !== undefined);
      const files = firstLoadFiles(manifest, [...routeParts(source), source, ...parts]).filter(
        (file) => file.endsWith('.js') && !entryFiles.has(file),
      );
      return [name, files];
    }),
  );
};

/** Reads the router and the build's manifest; fails when the router's pages cannot be read. */
export const buildRoutePreloads = (webRoot: string, distDir: string): Record<string, string[]> => {
  const routerSource = readFileSync(path.join(webRoot, 'src/app/router.tsx'), 'utf8');
  const pages = routePages(routerSource);
  const declared = routerSource.match(/\bpage\(\s*'/g)?.length ?? 0;
  if (declared === 0 || Object.keys(pages).length !== declared) {
    throw new Error(`Read ${Object.keys(pages).length} of the router's ${declared} pages: has page(…) in app/router.tsx changed shape?`);
  }
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  return routePreloads(manifest, pages, (source) => lazyPartSources(source, readFileSync(path.join(webRoot, source), 'utf8')));
};
