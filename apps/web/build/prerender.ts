// `vite build` runs it last (vite.config.ts, plansmith:prerender): writes dist/login.html, the app's
// index.html with the sign-in page already drawn in #root and its antd CSS in the head, so the
// first paint of /login does not wait for the JavaScript. The server sends it for /login
// (apps/server/src/plugins/spa.ts); main.tsx lets React draw over it once the route's code is in.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

export const PRERENDERED_PAGES = { login: 'login.html' } as const;

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

/** Builds src/app/prerender-login.tsx for Node, draws the page and writes it beside index.html. */
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
      build: { ssr: 'src/app/prerender-login.tsx', outDir, emptyOutDir: true, minify: false, copyPublicDir: false },
    });
    const entry = pathToFileURL(path.join(outDir, 'prerender-login.js')).href;
    const { renderLoginPage } = (await import(entry)) as typeof import('../src/app/prerender-login.tsx');
    const indexHtml = readFileSync(path.join(distDir, 'index.html'), 'utf8');
    writeFileSync(path.join(distDir, PRERENDERED_PAGES.login), withPrerenderedPage(indexHtml, renderLoginPage()));
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
};
