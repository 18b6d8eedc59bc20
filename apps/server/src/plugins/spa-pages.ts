import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { type PathName, paths } from '@plansmith/contract';
import { z } from 'zod';
import type { AssetEncoding } from './spa-assets.ts';

export type CompressedPage = Record<AssetEncoding, Buffer>;

/**
 * A page's HTML as it is and compressed once, at start: the not-found handler that sends it is not
 * a route, so the compression plugin does not see it (the sign-in page's HTML is ~90 KB with its CSS).
 */
const compressedPage = (html: string): CompressedPage => {
  const identity = Buffer.from(html, 'utf8');
  return { identity, br: brotliCompressSync(identity), gzip: gzipSync(identity, { level: 9 }) };
};

/** Pages whose HTML the web build draws beforehand (apps/web/build/prerender.ts). */
const PRERENDERED: Partial<Record<PathName, string>> = { login: 'login.html' };

/**
 * The CSP hashes ('sha256-…') of the inline scripts in the web build's pages (index.html carries the
 * early requests' script, apps/web/build/early-script.ts), so the CSP allows those and no other.
 */
export const inlineScriptHashes = (webDistDir: string): string[] => {
  const hashes = new Set<string>();
  for (const file of ['index.html', ...Object.values(PRERENDERED)]) {
    const page = path.join(webDistDir, file);
    if (!existsSync(page)) continue;
    for (const [, code = ''] of readFileSync(page, 'utf8').matchAll(/<script>([\s\S]*?)<\/script>/g)) {
      hashes.add(`'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`);
    }
  }
  return [...hashes];
};

// apps/web/build/route-preloads.ts: each route's first-load scripts beyond the entry's, announced at
// low priority like the entry's own (apps/web/build/prerender.ts withLowPriorityScripts): they never
// hold the first paint back, and the page's first requests for data go ahead of them.
const RoutePreloads = z.record(z.string(), z.array(z.string().regex(/^assets\/[\w.-]+\.js$/)));

const preloadLinks = (files: readonly string[]): string =>
  files.map((file) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${file}">`).join('');

/**
 * Every route's HTML, built once: the page the build drew for that route, or index.html with the
 * route's scripts announced in the head, so the browser fetches them while it evaluates the entry.
 * Returns the page for an address, or index.html as it is for an address that is no route.
 */
export const loadPages = (webDistDir: string): ((pathname: string) => CompressedPage) => {
  const read = (file: string) => readFileSync(path.join(webDistDir, file), 'utf8');
  const indexHtml = read('index.html');
  const preloadsFile = path.join(webDistDir, 'route-preloads.json');
  const preloads = existsSync(preloadsFile) ? RoutePreloads.parse(JSON.parse(readFileSync(preloadsFile, 'utf8'))) : {};
  const index = compressedPage(indexHtml);
  const routes = Object.entries(paths).map(([name, def]) => {
    const drawn = PRERENDERED[name as PathName];
    const pattern = new RegExp(`^${def.pattern.replace(/:\w+/g, '[^/]+')}$`, 'i');
    // A page drawn beforehand is on screen without its scripts: announcing them early would only
    // compete with what paints it.
    if (drawn && existsSync(path.join(webDistDir, drawn))) return { pattern, page: compressedPage(read(drawn)) };
    return { pattern, page: compressedPage(indexHtml.replace('</head>', `${preloadLinks(preloads[name] ?? [])}</head>`)) };
  });
  return (pathname) => {
    const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    return routes.find((route) => route.pattern.test(clean))?.page ?? index;
  };
};
