import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Manifest } from 'vite';
import { describe, expect, it } from 'vitest';
import { DRAWN_LOGIN_LIMITS, firstLoadFiles, measureDrawnLogin, measureRoutes } from './bundle-budget.ts';

// A build as Vite leaves it: an entry, two lazy pages sharing a chunk, the signed-in shell, the
// anonymous layout, and a chunk only imported dynamically (a modal's form).
const MANIFEST: Manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js'], css: ['assets/index.css'] },
  '_react.js': { file: 'assets/react.js' },
  '_form.js': { file: 'assets/form.js', imports: ['_react.js'] },
  'src/app/layouts/anonymous-layout.tsx': { file: 'assets/anonymous-layout.js', isDynamicEntry: true, imports: ['index.html'] },
  'src/app/layouts/app-shell.tsx': { file: 'assets/app-shell.js', isDynamicEntry: true, imports: ['index.html'] },
  'src/app/require-policy.tsx': { file: 'assets/require-policy.js', isDynamicEntry: true, imports: ['index.html'] },
  'src/app/pages/login-page.tsx': { file: 'assets/login-page.js', isDynamicEntry: true, imports: ['index.html', '_form.js'] },
  'src/app/pages/teams-page.tsx': {
    file: 'assets/teams-page.js',
    isDynamicEntry: true,
    imports: ['index.html', '_form.js'],
    dynamicImports: ['src/features/teams/team-modal.tsx'],
  },
  'src/features/teams/team-modal.tsx': { file: 'assets/team-modal.js', isDynamicEntry: true },
};

/** The sign-in page as the build draws it: its own script written in, none of the app's. */
const DRAWN_LOGIN = '<html><body><div id="root"><form></form></div><script>enable()</script></body></html>';

/** Writes the build with each file of the given size; random bytes do not compress, so brotli ≈ raw. */
const writeBuild = (sizes: Record<string, number>, loginHtml = DRAWN_LOGIN): string => {
  const dir = mkdtempSync(path.join(tmpdir(), 'plansmith-budget-'));
  mkdirSync(path.join(dir, '.vite'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  for (const chunk of Object.values(MANIFEST)) {
    for (const file of [chunk.file, ...(chunk.css ?? [])]) writeFileSync(path.join(dir, file), randomBytes(sizes[file] ?? 1024));
  }
  writeFileSync(path.join(dir, 'login.html'), loginHtml);
  return dir;
};

describe('the first-load budget', () => {
  it('counts the entry, the page, its layout and their static imports once each, and no dynamic import', () => {
    expect(firstLoadFiles(MANIFEST, ['src/app/pages/teams-page.tsx', 'src/app/layouts/app-shell.tsx'])).toEqual([
      'assets/app-shell.js',
      'assets/form.js',
      'assets/index.css',
      'assets/index.js',
      'assets/react.js',
      'assets/teams-page.js',
    ]);
  });

  it('measures /login with the anonymous layout and a signed-in page with the shell and its guard', () => {
    const sizes = measureRoutes(writeBuild({}));
    expect(sizes.map((size) => size.page)).toEqual(['login', 'teams']);
    expect(sizes[0]?.files).toContain('assets/anonymous-layout.js');
    expect(sizes[0]?.files).not.toContain('assets/app-shell.js');
    expect(sizes[1]?.files).toEqual(expect.arrayContaining(['assets/app-shell.js', 'assets/require-policy.js']));
    expect(sizes[1]?.files).not.toContain('assets/team-modal.js');
    expect(sizes.every((size) => !size.over)).toBe(true);
  });

  it('fails the check when a route grows past its limit, and passes it when the growth is only in a lazy chunk', () => {
    const check = (dir: string) =>
      spawnSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'check-bundle-budget.ts'), dir], { encoding: 'utf8' });

    const grownLogin = check(writeBuild({ 'assets/form.js': 175 * 1024 }));
    expect(grownLogin.status).toBe(1);
    expect(grownLogin.stdout).toMatch(/✗ login/);
    expect(grownLogin.stderr).toContain('over the first-load budget: login');

    const grownModal = check(writeBuild({ 'assets/team-modal.js': 500 * 1024 }));
    expect(grownModal.stderr).toBe('');
    expect(grownModal.status).toBe(0);
  });

  it("fails the check when /login's page loads one of the app's scripts, or its own script grows past its limit", () => {
    const check = (dir: string) =>
      spawnSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'check-bundle-budget.ts'), dir], { encoding: 'utf8' });
    expect(check(writeBuild({})).status).toBe(0);

    const withApp = check(writeBuild({}, DRAWN_LOGIN.replace('</body>', '<script type="module" src="/assets/index.js"></script></body>')));
    expect(withApp.status).toBe(1);
    expect(withApp.stderr).toContain("/login's page is over its budget: it loads /assets/index.js");

    const preloaded = measureDrawnLogin(
      DRAWN_LOGIN.replace('<body>', '<body><link rel="modulepreload" crossorigin href="/assets/react.js">'),
    );
    expect(preloaded).toMatchObject({ scriptFiles: ['/assets/react.js'], over: true });
    const bigScript = `<script>${randomBytes(DRAWN_LOGIN_LIMITS.inlineScriptBytes).toString('hex')}</script>`;
    expect(measureDrawnLogin(DRAWN_LOGIN.replace('</body>', `${bigScript}</body>`)).over).toBe(true);
  });
});
