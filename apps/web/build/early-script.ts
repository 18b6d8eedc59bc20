import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'vite';

/**
 * The early requests' script (src/app/early-requests.ts) as one classic script with nothing to
 * import, written into index.html: it runs while the HTML is parsed, so the page's first
 * requests go out at once instead of after the app's ~30 scripts have loaded and run (a script file,
 * even `async`, ran only once the browser had time between compiling the app's scripts). It is
 * built apart from the app (the app's build would make it an import of the entry) and shares its
 * answers with the app through a global (shared/api/early-requests.ts). The server's CSP allows it
 * by its hash (apps/server/src/plugins/spa-pages.ts inlineScriptHashes).
 */
const SOURCE = 'src/app/early-requests.ts';

/**
 * The HTML with the script at the end of its body: it runs as soon as the HTML is parsed, after the
 * loading line above it has been painted (in the head, it held that first paint back by its own
 * run), while the scripts the head announces are already on their way.
 */
export const withEarlyScript = (html: string, code: string): string => {
  if (!html.includes('</body>')) throw new Error('index.html has no </body> to put the early requests script before.');
  if (/<\/script/i.test(code)) throw new Error('The early requests script has "</script" in it: it cannot be written into the HTML.');
  return html.replace('</body>', () => `<script>${code}</script></body>`);
};

/** Builds the script (minified, one function run at once) and answers its code. */
export const buildEarlyScript = (webRoot: string): Promise<string> => buildInlineScript(webRoot, SOURCE);

/**
 * Builds `source` (a path under webRoot) as one minified classic script with nothing to import, to
 * be written into a page: the early requests' script, and the sign-in page's (src/app/drawn-login-script.ts).
 */
export const buildInlineScript = async (webRoot: string, source: string): Promise<string> => {
  const outDir = mkdtempSync(path.join(tmpdir(), 'plansmith-inline-'));
  try {
    await build({
      configFile: false,
      root: webRoot,
      logLevel: 'warn',
      build: {
        outDir,
        emptyOutDir: true,
        copyPublicDir: false,
        lib: { entry: path.join(webRoot, source), formats: ['iife'], name: 'plansmithInline', fileName: () => 'inline.js' },
      },
    });
    return readFileSync(path.join(outDir, 'inline.js'), 'utf8').trim();
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
};
