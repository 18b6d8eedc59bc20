import path from 'node:path';
import type { Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { type Group, groupName, groupsByRoute, mergeSmallGroups } from './chunk-groups.ts';

const ROOT = '/web';
const at = (file: string) => path.join(ROOT, file);

/** A chunk of the first build: its file, the chunks it imports statically, its modules. */
const chunk = (fileName: string, imports: string[], moduleIds: string[], extra: Partial<Rolldown.OutputChunk> = {}) =>
  ({ type: 'chunk', fileName, imports, moduleIds, facadeModuleId: null, isEntry: false, ...extra }) as Rolldown.OutputChunk;

// A first build as the automatic splitting leaves it: the entry with a chunk it imports (React),
// two signed-in pages and the sign-in page, with the code they share split by who imports it
// dynamically (a modal) into more chunks than there are sets of routes.
const CHUNKS = [
  chunk('index.js', ['react.js'], [at('src/main.tsx')], { isEntry: true, facadeModuleId: at('index.html') }),
  chunk('react.js', [], ['react']),
  chunk('shell.js', ['index.js', 'kit.js'], [at('src/app/layouts/app-shell.tsx')], { facadeModuleId: at('src/app/layouts/app-shell.tsx') }),
  chunk('login-layout.js', ['index.js'], [at('src/app/layouts/anonymous-layout.tsx')], {
    facadeModuleId: at('src/app/layouts/anonymous-layout.tsx'),
  }),
  chunk('kit.js', ['react.js'], ['antd/menu']),
  chunk('button.js', ['react.js'], ['antd/button']),
  chunk('money.js', ['react.js'], ['money.ts']),
  chunk('money-with-modal.js', ['money.js'], ['money-format.ts']),
  chunk('modal.js', ['money-with-modal.js'], ['modal-form.ts']),
  chunk('budget-page.js', ['index.js', 'button.js', 'money.js', 'money-with-modal.js'], [at('src/app/pages/budget-page.tsx')], {
    facadeModuleId: at('src/app/pages/budget-page.tsx'),
  }),
  chunk('expenses-page.js', ['index.js', 'button.js', 'money.js', 'money-with-modal.js'], [at('src/app/pages/expenses-page.tsx')], {
    facadeModuleId: at('src/app/pages/expenses-page.tsx'),
  }),
  chunk('login-page.js', ['index.js', 'button.js'], [at('src/app/pages/login-page.tsx')], {
    facadeModuleId: at('src/app/pages/login-page.tsx'),
  }),
];

const ROUTES = {
  budget: ['src/app/layouts/app-shell.tsx', 'src/app/pages/budget-page.tsx'],
  expenses: ['src/app/layouts/app-shell.tsx', 'src/app/pages/expenses-page.tsx'],
  login: ['src/app/layouts/anonymous-layout.tsx', 'src/app/pages/login-page.tsx'],
};

describe('chunks by route', () => {
  const groups = groupsByRoute(ROOT, CHUNKS, ROUTES);

  it('puts the code that the same routes load into one chunk, however the first build split it', () => {
    const signedIn = groupName(['budget', 'expenses'], 3);
    expect(groups.get('antd/menu')).toBe(signedIn);
    expect(groups.get('money.ts')).toBe(signedIn);
    expect(groups.get('money-format.ts')).toBe(signedIn);
    expect(groups.get('antd/button')).toBe('every-route');
  });

  it("keeps the entry's, the pages' and the layouts' own chunks, and puts what the entry imports in one chunk", () => {
    for (const source of ['src/main.tsx', 'src/app/pages/budget-page.tsx', 'src/app/layouts/app-shell.tsx']) {
      expect(groups.has(at(source))).toBe(false);
    }
    expect(groups.get('react')).toBe('entry-kit');
  });

  it('leaves what no first load holds to the automatic splitting', () => {
    expect(groups.has('modal-form.ts')).toBe(false);
  });

  it('never groups code that the entry imports with code that imports the entry', () => {
    const circular = CHUNKS.map((item) => (item.fileName === 'react.js' ? { ...item, imports: ['index.js'] } : item));
    expect(groupsByRoute(ROOT, circular, ROUTES).has('react')).toBe(false);
  });

  it('names a chunk by its routes: every route, one route, or how many and which', () => {
    expect(groupName(['budget', 'expenses', 'login'], 3)).toBe('every-route');
    expect(groupName(['budget'], 3)).toBe('budget-route');
    expect(groupName(['budget', 'expenses'], 3)).toMatch(/^routes-2-[0-9a-f]{8}$/);
    expect(groupName(['budget', 'expenses'], 3)).not.toBe(groupName(['budget', 'login'], 3));
  });
});

describe('merging small groups', () => {
  const group = (name: string, routes: string[], bytes: number, imports: string[] = []): Group => ({
    name,
    routes,
    bytes,
    imports: new Set(imports),
  });
  const options = { smallBytes: 4096, allowanceOf: (route: string) => (route === 'login' ? 1024 : 8192) };

  it('merges a small group into the group of more routes that costs the fewest extra bytes', () => {
    const merged = mergeSmallGroups(
      [
        group('budget-only', ['budget'], 500),
        group('budget-expenses', ['budget', 'expenses'], 20_000),
        group('signed-in', ['budget', 'expenses', 'plans'], 30_000),
      ],
      new Set(),
      options,
    );
    expect(merged).toEqual(new Map([['budget-only', 'budget-expenses']]));
  });

  it('merges nothing that would add more than a route’s allowance, nor anything big', () => {
    const groups = [
      group('budget-only', ['budget'], 2000),
      group('every-route', ['budget', 'login'], 30_000),
      group('big', ['expenses'], 10_000),
      group('every-signed-in', ['budget', 'expenses'], 30_000),
    ];
    expect(mergeSmallGroups(groups.slice(0, 2), new Set(), options)).toEqual(new Map());
    expect(mergeSmallGroups(groups.slice(2), new Set(), options)).toEqual(new Map());
  });

  it('merges nothing whose imports some route of the bigger group does not load, so no chunk imports one that imports it', () => {
    // The small group imports the budget's grid: the plans page would have to fetch it too.
    const groups = [
      group('grid', ['budget', 'expenses'], 20_000),
      group('grid-helpers', ['budget'], 300, ['grid', 'index.js']),
      group('signed-in', ['budget', 'expenses', 'plans'], 30_000, ['index.js']),
    ];
    expect(mergeSmallGroups(groups, new Set(['index.js']), options)).toEqual(new Map([['grid-helpers', 'grid']]));
    const withoutGrid = [groups[1] as Group, groups[2] as Group];
    expect(mergeSmallGroups(withoutGrid, new Set(['index.js']), options)).toEqual(new Map());
  });

  it('follows a group into the group it was merged into', () => {
    const merged = mergeSmallGroups(
      [group('a', ['budget'], 100), group('b', ['budget', 'expenses'], 200), group('c', ['budget', 'expenses', 'plans'], 30_000)],
      new Set(),
      options,
    );
    expect(merged).toEqual(
      new Map([
        ['a', 'c'],
        ['b', 'c'],
      ]),
    );
  });
});
