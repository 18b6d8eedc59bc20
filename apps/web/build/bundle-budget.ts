import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Manifest } from 'vite';

/**
 * Issue 13's first-load budget, read from the build's own manifest (build.manifest): a route's first
 * load is the entry (index.html) and the route's page and layout chunks with everything they import
 * statically, plus their CSS, each file counted once. Dynamic imports (a modal's form, exports,
 * charts loaded on use) are not part of it. Sizes are brotli's, as the server sends them (the
 * build precompresses every asset); gzip is reported beside it.
 */
const KB = 1024;

/** Pages drawn in the anonymous layout; every other page is measured with the signed-in shell. */
export const ANONYMOUS_PAGES = new Set([
  'login',
  'logout',
  'invitation',
  'forgot-password',
  'recover-password',
  'register',
  'register-email-verify',
  'register-payment',
  'register-completed',
  'access-denied',
  'guest-plan-summary',
]);

/** Issue 13's limits: /login 170 KB, every other route 350 KB (brotli). */
export const TARGET_KB = { login: 170, default: 350 } as const;

/**
 * Routes allowed above their target while they wait for their own work, held at their size so they
 * cannot grow. Empty since every signed-in route's first load met 350 KB: the signed-in shell's
 * code in a few chunks (build/chunk-groups.ts), tables, forms, side panels and date pickers loading
 * as the page draws them (shared/ui/lazy-part.tsx, lazy-modal.tsx, lazy-date-input.tsx). Add a
 * route here only at or below the target; never above it.
 */
export const CEILINGS_KB: Readonly<Record<string, number>> = {};

const PAGE_SOURCE = /^src\/app\/pages\/(.+)-page\.tsx$/;
const ANONYMOUS_LAYOUT = ['src/app/layouts/anonymous-layout.tsx'];
const SIGNED_IN_LAYOUT = ['src/app/layouts/app-shell.tsx', 'src/app/require-policy.tsx'];

export type RouteBudget = { page: string; sources: string[]; limitBytes: number; targetBytes: number };
export type RouteSize = RouteBudget & { files: string[]; raw: number; gzip: number; brotli: number; over: boolean };

/** Every page of the manifest with what its first load holds and its limit. */
export const routeBudgets = (manifest: Manifest): RouteBudget[] =>
  Object.keys(manifest)
    .map((source) => PAGE_SOURCE.exec(source)?.[1])
    .filter((page): page is string => page !== undefined)
    .sort()
    .map((page) => {
      const target = page === 'login' ? TARGET_KB.login : TARGET_KB.default;
      return {
        page,
        sources: [`src/app/pages/${page}-page.tsx`, ...(ANONYMOUS_PAGES.has(page) ? ANONYMOUS_LAYOUT : SIGNED_IN_LAYOUT)],
        limitBytes: (CEILINGS_KB[page] ?? target) * KB,
        targetBytes: target * KB,
      };
    });

/** The files a first load fetches: the entry and `sources`, with their static imports and CSS. */
export const firstLoadFiles = (manifest: Manifest, sources: readonly string[]): string[] => {
  const seen = new Set<string>();
  const files = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The build manifest has no entry for ${key}.`);
    seen.add(key);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of ['index.html', ...sources]) visit(key);
  return [...files].sort();
};

/** Raw, gzip (level 9) and brotli (quality 11) bytes of one built file, computed once per file. */
export const createSizer = (distDir: string) => {
  const cache = new Map<string, { raw: number; gzip: number; brotli: number }>();
  return (file: string) => {
    let size = cache.get(file);
    if (!size) {
      const bytes = readFileSync(path.join(distDir, file));
      size = {
        raw: bytes.length,
        gzip: gzipSync(bytes, { level: 9 }).length,
        brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
      };
      cache.set(file, size);
    }
    return size;
  };
};

export const measureRoutes = (distDir: string, budgets?: (manifest: Manifest) => RouteBudget[]): RouteSize[] => {
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const sizeOf = createSizer(distDir);
  return (budgets ?? routeBudgets)(manifest).map((budget) => {
    const files = firstLoadFiles(manifest, budget.sources);
    const total = { raw: 0, gzip: 0, brotli: 0 };
    for (const file of files) {
      const size = sizeOf(file);
      total.raw += size.raw;
      total.gzip += size.gzip;
      total.brotli += size.brotli;
    }
    return { ...budget, files, ...total, over: total.brotli > budget.limitBytes };
  });
};

export const formatReport = (sizes: readonly RouteSize[]): string => {
  const kb = (bytes: number) => (bytes / KB).toFixed(1).padStart(7);
  const width = Math.max(...sizes.map((size) => size.page.length));
  const lines = sizes.map(
    (size) =>
      `${size.over ? '✗' : '✓'} ${size.page.padEnd(width)} ${String(size.files.length).padStart(3)} files ${kb(size.raw)} KB raw ${kb(size.gzip)} KB gzip ${kb(size.brotli)} KB brotli (limit ${size.limitBytes / KB} KB${size.limitBytes > size.targetBytes ? `; over the ${size.targetBytes / KB} KB target` : ''})`,
  );
  return [`First-load JavaScript and CSS per route (brotli is what the server sends):`, ...lines].join('\n');
};

/**
 * /login as the server sends it: login.html, the sign-in page drawn at build time with its CSS and
 * its own script written in (build/prerender.ts). It loads none of the app's scripts (it only
 * prefetches them once idle, unevaluated): its whole weight is the page itself.
 */
export const DRAWN_LOGIN_LIMITS = { inlineScriptBytes: 8 * KB, pageBrotliBytes: 24 * KB } as const;

export type DrawnLoginSize = {
  /** Scripts the page loads and runs: `<script src>` and `<link rel="modulepreload">` (none allowed). */
  scriptFiles: string[];
  /** Its inline scripts' bytes, as written. */
  inlineScriptBytes: number;
  /** The whole page (HTML, CSS and script), brotli as the server sends it. */
  brotli: number;
  over: boolean;
};

export const measureDrawnLogin = (html: string): DrawnLoginSize => {
  const scriptFiles = [
    ...[...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((match) => match[1] ?? ''),
    ...[...html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*\bhref="([^"]+)"/g)].map((match) => match[1] ?? ''),
  ];
  const inlineScriptBytes = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].reduce(
    (sum, match) => sum + Buffer.byteLength(match[1] ?? ''),
    0,
  );
  const brotli = brotliCompressSync(Buffer.from(html), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  const over =
    scriptFiles.length > 0 || inlineScriptBytes > DRAWN_LOGIN_LIMITS.inlineScriptBytes || brotli > DRAWN_LOGIN_LIMITS.pageBrotliBytes;
  return { scriptFiles, inlineScriptBytes, brotli, over };
};

export const formatDrawnLogin = (size: DrawnLoginSize): string =>
  `${size.over ? '✗' : '✓'} /login's page (login.html): ${size.scriptFiles.length} app scripts (limit 0), ${(size.inlineScriptBytes / KB).toFixed(1)} KB own script (limit ${DRAWN_LOGIN_LIMITS.inlineScriptBytes / KB} KB), ${(size.brotli / KB).toFixed(1)} KB brotli in all (limit ${DRAWN_LOGIN_LIMITS.pageBrotliBytes / KB} KB)`;
