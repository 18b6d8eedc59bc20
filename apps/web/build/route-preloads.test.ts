import { readFileSync } from 'node:fs';
import path from 'node:path';
import { paths } from '@plansmith/contract';
import type { Manifest } from 'vite';
import { describe, expect, it } from 'vitest';
import { lazyPartSources, routePages, routePreloads } from './route-preloads.ts';

const ROUTER = readFileSync(path.join(import.meta.dirname, '../src/app/router.tsx'), 'utf8');

// A build as Vite leaves it: an entry with a shared chunk, the layouts and guards, two pages.
const MANIFEST: Manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js'], css: ['assets/index.css'] },
  '_react.js': { file: 'assets/react.js' },
  '_form.js': { file: 'assets/form.js', imports: ['_react.js'] },
  '_kit.js': { file: 'assets/shell-kit.js', imports: ['_react.js'] },
  'src/app/layouts/anonymous-layout.tsx': { file: 'assets/anonymous-layout.js', imports: ['index.html'] },
  'src/app/layouts/app-shell.tsx': { file: 'assets/app-shell.js', imports: ['index.html', '_kit.js'] },
  'src/app/guards.tsx': { file: 'assets/guards.js', imports: ['index.html'] },
  'src/app/require-policy.tsx': { file: 'assets/require-policy.js', imports: ['index.html'] },
  'src/app/prefetch.ts': { file: 'assets/prefetch.js', imports: ['index.html'] },
  'src/app/pages/login-page.tsx': { file: 'assets/login-page.js', imports: ['index.html', '_form.js'] },
  'src/features/budget/grid.tsx': { file: 'assets/grid.js', isDynamicEntry: true, imports: ['_react.js', '_grid-kit.js'] },
  '_grid-kit.js': { file: 'assets/grid-kit.js' },
  'src/app/pages/budget-page.tsx': {
    file: 'assets/budget-page.js',
    imports: ['index.html', '_kit.js', '_form.js'],
    css: ['assets/budget.css'],
  },
};

describe('route preloads', () => {
  it('reads every page of the router with its route name', () => {
    const pages = routePages(ROUTER);
    expect(Object.keys(pages)).toHaveLength(ROUTER.match(/\bpage\(\s*'/g)?.length ?? -1);
    expect(pages.budget).toBe('src/app/pages/budget-page.tsx');
    expect(pages.home).toBe('src/app/pages/dashboard-page.tsx');
    for (const name of Object.keys(pages)) expect(Object.keys(paths)).toContain(name);
  });

  it("lists a route's scripts beyond the entry's: its page, its layout and guards, and what they import", () => {
    const preloads = routePreloads(MANIFEST, { login: 'src/app/pages/login-page.tsx', budget: 'src/app/pages/budget-page.tsx' });
    expect(preloads.login).toEqual(['assets/anonymous-layout.js', 'assets/form.js', 'assets/login-page.js']);
    expect(preloads.budget).toEqual([
      'assets/app-shell.js',
      'assets/budget-page.js',
      'assets/form.js',
      'assets/guards.js',
      'assets/prefetch.js',
      'assets/require-policy.js',
      'assets/shell-kit.js',
    ]);
  });

  it('finds the parts a page draws at once but loads apart, and announces their scripts with the page', () => {
    const page = `const Grid = lazyPart(async () => (await import('../../features/budget/grid.tsx')).Grid);
const Modal = lazyModal(async () => (await import('../../features/budget/modal.tsx')).Modal);
const Panel = lazyPart(
  async () => (await import('../../features/budget/panel.tsx')).Panel,
);`;
    expect(lazyPartSources('src/app/pages/budget-page.tsx', page)).toEqual([
      'src/features/budget/grid.tsx',
      'src/features/budget/panel.tsx',
    ]);
    const preloads = routePreloads(MANIFEST, { budget: 'src/app/pages/budget-page.tsx' }, () => ['src/features/budget/grid.tsx']);
    expect(preloads.budget).toContain('assets/grid.js');
    expect(preloads.budget).toContain('assets/grid-kit.js');
    expect(preloads.budget).not.toContain('assets/react.js');
  });

  it('reads every lazy part of the real pages: the expense list is announced with /expenses', () => {
    const source = readFileSync(path.join(import.meta.dirname, '../src/app/pages/expenses-page.tsx'), 'utf8');
    expect(lazyPartSources('src/app/pages/expenses-page.tsx', source)).toEqual(['src/features/expenses/components/expense-list.tsx']);
  });
});
