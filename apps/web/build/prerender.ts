// `vite build` runs it last (vite.config.ts, plansmith:prerender), so the first paint does not wait
// for the JavaScript: writes dist/login.html, the app's index.html with the sign-in page already
// drawn in #root and its antd CSS in the head (the server sends it for /login, spa.ts), run by a
// small script of its own instead of the app's (src/app/drawn-login-form.ts), and puts the router's loading fallback, which
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
import { buildEarlyScript, buildInlineScript, withEarlyScript } from './early-script.ts';
import { buildRoutePreloads, ROUTE_PRELOADS_FILE } from './route-preloads.ts';

const PRERENDERED_PAGES = { login: 'login.html' } as const;
/** paths.login.title, written out: Vite loads this file with its config, where the contract's TypeScript cannot be imported (prerender.test.ts keeps them equal). */
export const LOGIN_TITLE = 'Sign In';

/**
 * Puts the page into the app's HTML. Until the page's own script enables it (withDrawnPageScript,
 * src/app/drawn-login-form.ts) the page only shows: its fields are read-only and its buttons send
 * nothing (without a script, a form sent would put the password in the address).
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
 * The sign-in page's HTML without the app's scripts, with its own script (src/app/drawn-login-form.ts)
 * after the drawn form instead: the page works without the app's code, which it only fetches into
 * the cache once idle, from the list written on #root (`assets`: the entry's scripts, which this
 * takes out of the HTML, then the others given).
 */
export const withDrawnPageScript = (html: string, code: string, assets: readonly string[] = []): string => {
  if (/<\/script/i.test(code)) throw new Error('The sign-in page\'s script has "</script" in it: it cannot be written into the HTML.');
  const entry: string[] = [];
  const withoutApp = html
    .replace(/<script type="module"[^>]*\bsrc="([^"]+)"[^>]*><\/script>\s*/g, (_tag, src: string) => {
      entry.push(src);
      return '';
    })
    .replace(/<link rel="modulepreload"[^>]*\bhref="([^"]+)"[^>]*>\s*/g, (_tag, href: string) => {
      entry.push(href);
      return '';
    });
  const prefetch = [...new Set([...entry, ...assets])].join(' ');
  if (!withoutApp.includes('<div id="root" data-prerendered="">')) throw new Error('The page has no drawn #root to enable.');
  return withoutApp
    .replace('<div id="root" data-prerendered="">', () => `<div id="root" data-prerendered="" data-app-assets="${prefetch}">`)
    .replace('</body>', () => `<script>${code}</script></body>`);
};

/** The page's tab title as the app's router names it ("Sign In · Plansmith", app/router.tsx useDocumentTitle). */
export const withTitle = (html: string, pageTitle: string): string => {
  if (!/<title>[^<]*<\/title>/.test(html)) throw new Error('The page has no <title> to name.');
  return html.replace(/<title>[^<]*<\/title>/, () => `<title>${pageTitle} · Plansmith</title>`);
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
    // The compressed copies the build made of index.html would be stale: the server compresses it itself.
    rmSync(`${indexFile}.br`, { force: true });
    rmSync(`${indexFile}.gz`, { force: true });
    // The sign-in page sends no early requests (there is no session to send them with), and has its
    // own antd CSS written in (above).
    const antdStyles = writeAntdStyles(distDir, renderAntdStyles());
    const routePreloads = buildRoutePreloads(webRoot, distDir);
    // What the app's first signed-in page needs: fetched into the cache by the sign-in page once idle.
    const afterSignIn = [antdStyles, ...(routePreloads.home ?? []).map((file) => `/${file}`)];
    writeFileSync(
      path.join(distDir, PRERENDERED_PAGES.login),
      withDrawnPageScript(
        withTitle(withPrerenderedPage(indexHtml, renderLoginPage()), LOGIN_TITLE),
        await buildInlineScript(webRoot, 'src/app/drawn-login-script.ts'),
        afterSignIn,
      ),
    );
    writeFileSync(
      indexFile,
      withEarlyScript(withAntdStyles(withFallback(indexHtml, renderRouteFallback()), antdStyles), await buildEarlyScript(webRoot)),
    );
    writeFileSync(path.join(distDir, ROUTE_PRELOADS_FILE), JSON.stringify(routePreloads));
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
};
