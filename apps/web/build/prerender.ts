// `vite build` runs it last (vite.config.ts, plansmith:prerender), so the first paint does not wait
// for the JavaScript: writes dist/login.html, the app's index.html with the sign-in page already
// drawn in #root and its antd CSS in the head (the server sends it for /login, spa.ts; main.tsx lets
// React draw over it once the route's code is in), and puts the router's loading fallback, which
// React draws first on every other page, into index.html itself, with the early requests' script
// after it (early-script.ts).
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { buildEarlyScript, withEarlyScript } from './early-script.ts';
import { buildRoutePreloads, ROUTE_PRELOADS_FILE } from './route-preloads.ts';

const PRERENDERED_PAGES = { login: 'login.html' } as const;

/**
 * Puts the page into the app's HTML. Until React replaces it the page only shows: its fields are
 * read-only (what is typed there would be lost when React draws over them) and its buttons send
 * nothing (a form sent then would reload the page); main.tsx passes a press of the form's button
 * on to the form React draws (app/prerendered-page.ts).
 */
export const withPrerenderedPage = (indexHtml: string, page: { html: string; css: string }): string => {
  const root = '<div id="root"></div>';
  if (!indexHtml.includes(root)) throw new Error('index.html has no empty <div id="root"></div> to draw the page in.');
  const markup = page.html
    .replaceAll('<input ', '<input readonly="" ')
    .replaceAll('<button type="submit"', '<button type="button" data-submits=""');
  return indexHtml
    .replace('</head>', `<style data-prerendered="">${page.css}</style></head>`)
    .replace(root, `<div id="root" data-prerendered="">${markup}</div>`);
};

/**
 * The entry's stylesheets (a few hundred bytes) written into the HTML instead of linked: a linked
 * stylesheet holds the first paint back by a round trip.
 */
export const withInlineStyles = (indexHtml: string, readAsset: (href: string) => string): string =>
  indexHtml.replace(
    /<link rel="stylesheet" crossorigin href="(\/assets\/[\w.-]+\.css)">/g,
    (_link, href: string) => `<style>${readAsset(href)}</style>`,
  );

/**
 * The app's scripts announced at low priority. They never hold back the first paint (the loading
 * line, or the drawn sign-in page; module scripts run after it), but a browser ranks a script
 * announced in the head as high, which tells it, and Lighthouse's simulation, that the paint waits
 * for them: the simulated first paint then counted the download of every one that had come before
 * the real paint (FCP 0.8 s or 3.6 s from one run to the next). At low priority the page's first
 * requests for data go ahead of them. The server announces each route's own scripts the same way
 * (apps/server/src/plugins/spa-pages.ts).
 */
export const withLowPriorityScripts = (indexHtml: string): string =>
  indexHtml.replace(/<(script type="module"|link rel="modulepreload") crossorigin /g, '<$1 crossorigin fetchpriority="low" ');

/** The app's HTML with the router's fallback drawn in #root (React draws the same at once). */
export const withFallback = (indexHtml: string, fallbackHtml: string): string => {
  const root = '<div id="root"></div>';
  if (!indexHtml.includes(root)) throw new Error('index.html has no empty <div id="root"></div> to draw the fallback in.');
  return indexHtml.replace(root, `<div id="root">${fallbackHtml}</div>`);
};

/**
 * antd's CSS for the components the app draws (src/app/antd-style-catalogue.tsx), written as an
 * asset named by its content, with the brotli and gzip copies the server sends: antd then reads
 * from it that these styles exist and neither makes nor inserts them in the browser, which was a
 * third of the first draw's work. Answers its path.
 */
export const writeAntdStyles = (distDir: string, css: string): string => {
  const href = `/assets/antd-${createHash('sha256').update(css).digest('base64url').slice(0, 10)}.css`;
  const file = path.join(distDir, href);
  writeFileSync(file, css);
  writeFileSync(`${file}.br`, brotliCompressSync(css, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${file}.gz`, gzipSync(css, { level: 9 }));
  return href;
};

/**
 * The HTML with antd's stylesheet linked before the app's own styles (which override antd's). As a
 * print stylesheet, so that it holds back neither the first paint nor the scripts; the app makes it
 * apply to the screen before its first draw (src/app/antd-styles.ts).
 */
export const withAntdStyles = (indexHtml: string, href: string): string => {
  if (!indexHtml.includes('</title>')) throw new Error("index.html has no <title> to link antd's stylesheet after.");
  return indexHtml.replace('</title>', () => `</title>\n    <link rel="stylesheet" href="${href}" media="print" data-antd-styles="">`);
};

/** Builds src/app/prerender-pages.tsx for Node, draws the pages and writes them into the build. */
export const prerender = async (webRoot: string, distDir: string): Promise<void> => {
  const outDir = mkdtempSync(path.join(tmpdir(), 'plansmith-prerender-'));
  try {
    await build({
      configFile: false,
      root: webRoot,
      logLevel: 'warn',
      plugins: [react()],
      // Everything in one file for Node, antd's ES modules included (Node cannot load them as they are).
      ssr: { noExternal: true },
      build: { ssr: 'src/app/prerender-pages.tsx', outDir, emptyOutDir: true, minify: false, copyPublicDir: false },
    });
    const entry = pathToFileURL(path.join(outDir, 'prerender-pages.js')).href;
    const { renderAntdStyles, renderLoginPage, renderRouteFallback } = (await import(
      entry
    )) as typeof import('../src/app/prerender-pages.tsx');
    const indexFile = path.join(distDir, 'index.html');
    const indexHtml = withLowPriorityScripts(
      withInlineStyles(readFileSync(indexFile, 'utf8'), (href) => readFileSync(path.join(distDir, href), 'utf8')),
    );
    writeFileSync(path.join(distDir, PRERENDERED_PAGES.login), withPrerenderedPage(indexHtml, renderLoginPage()));
    // The compressed copies the build made of index.html would be stale: the server compresses it itself.
    rmSync(`${indexFile}.br`, { force: true });
    rmSync(`${indexFile}.gz`, { force: true });
    // The sign-in page sends no early requests (there is no session to send them with), and has its
    // own antd CSS written in (above).
    const antdStyles = writeAntdStyles(distDir, renderAntdStyles());
    writeFileSync(
      indexFile,
      withEarlyScript(withAntdStyles(withFallback(indexHtml, renderRouteFallback()), antdStyles), await buildEarlyScript(webRoot)),
    );
    writeFileSync(path.join(distDir, ROUTE_PRELOADS_FILE), JSON.stringify(buildRoutePreloads(webRoot, distDir)));
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
};
