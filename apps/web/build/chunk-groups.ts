import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { build, type Plugin, type PluginOption, type Rolldown } from 'vite';
import { brotliCompressSync, constants } from 'node:zlib';
import { routePages, routeParts } from './route-preloads.ts';

/**
 * Groups up to this size (brotli) are merged into a group that more routes load: a file costs a
 * browser on a slow network a round trip, ~4 KB cost it about as much, and over HTTP/1.1 the page's
 * first requests for data wait for one of six connections behind them. At 8 KB (with the allowance
 * below at 24 KB) /expenses' first load came in 15 files instead of 19 and /budget's in 20 instead
 * of 26, for +2 and −1 KB.
 */
const SMALL_GROUP_BYTES = 8 * 1024;
/**
 * What merging may add to a route's first load: /login's budget is 170 KB, every other route's 350 KB
 * (build/bundle-budget.ts, which `npm test` checks on the real build).
 */
const LOGIN_ALLOWANCE_BYTES = 4 * 1024;
const ALLOWANCE_BYTES = 24 * 1024;

/**
 * Rolldown's automatic splitting gives every set of dynamic imports that shares code its own chunk:
 * /budget's first load came as 90 files, most of them a few hundred bytes, because a module that the
 * budget page and a modal reach differs from one that the budget page and a side panel reach. A
 * browser on a slow network pays a round trip for each, six at a time over HTTP/1.1.
 *
 * Here the chunks go by route instead. A first build with the automatic splitting says which
 * modules each route's first load holds (the entry, the route's layout and guards, its page, and
 * what they import statically, after tree-shaking); the real build then puts every module that the
 * same set of routes loads into one chunk. No route's first load holds a byte more than before (a
 * chunk is only ever loaded by all of its routes), but it comes in a third of the files. A chunk
 * imports only chunks loaded by all of its routes, so chunks never import each other in a circle
 * and the modules run in the order they did. What no first load holds (a modal's form, exports,
 * charts) keeps the automatic splitting, and so do the entry, pages, layouts and guards: the router
 * imports those by name, and the manifest knows them by their source.
 */

type Output = { output: readonly (Rolldown.OutputChunk | Rolldown.OutputAsset)[] };

/** The chunk's name for a set of routes: readable where the set is one route or every route. */
export const groupName = (routes: readonly string[], allRoutes: number): string => {
  if (routes.length === allRoutes) return 'every-route';
  if (routes.length === 1) return `${routes[0]}-route`;
  const digest = createHash('sha1').update(routes.join(',')).digest('hex').slice(0, 8);
  return `routes-${routes.length}-${digest}`;
};

/**
 * Module → chunk name, from a build with the automatic splitting: each route's first load is the
 * chunks its sources' chunks import statically, the entry's included; a module is named by the
 * routes that load the chunk it is in. Modules of the entry and of the sources' own chunks are left
 * out (they keep their chunks).
 */
export const groupsByRoute = (
  webRoot: string,
  chunks: readonly Rolldown.OutputChunk[],
  routes: Record<string, readonly string[]>,
  options: MergeOptions = { sizeOf: () => 0, smallBytes: -1, allowanceOf: () => 0 },
): Map<string, string> => {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const bySource = new Map(chunks.filter((chunk) => chunk.facadeModuleId).map((chunk) => [chunk.facadeModuleId as string, chunk]));
  const chunkOf = (source: string): Rolldown.OutputChunk => {
    const chunk = bySource.get(path.join(webRoot, source));
    if (!chunk) throw new Error(`The first build has no chunk for ${source}.`);
    return chunk;
  };
  /** The chunks and every chunk they import statically. */
  const loadedWith = (first: readonly Rolldown.OutputChunk[]): Set<Rolldown.OutputChunk> => {
    const loaded = new Set<Rolldown.OutputChunk>();
    const queue = [...first];
    for (let chunk = queue.pop(); chunk !== undefined; chunk = queue.pop()) {
      if (loaded.has(chunk)) continue;
      loaded.add(chunk);
      for (const file of chunk.imports) {
        const imported = byFile.get(file);
        if (imported) queue.push(imported);
      }
    }
    return loaded;
  };
  // What the entry imports goes into one chunk of its own, unless some of it imports the entry
  // back: the entry imports it, so a chunk holding it with code that imports the entry (as
  // every route's code does) would be a circle.
  const entries = chunks.filter((chunk) => chunk.isEntry);
  const entryFiles = new Set(entries.map((chunk) => chunk.fileName));
  const entryKit = [...loadedWith(entries)].filter((chunk) => !chunk.isEntry);
  const entryKitName = entryKit.some((chunk) => chunk.imports.some((file) => entryFiles.has(file))) ? null : 'entry-kit';
  const kept = new Set([...entries, ...entryKit, ...Object.values(routes).flatMap((sources) => sources.map(chunkOf))]);
  const routesOf = new Map<Rolldown.OutputChunk, string[]>();
  for (const [route, sources] of Object.entries(routes).sort(([a], [b]) => a.localeCompare(b))) {
    for (const chunk of loadedWith(sources.map(chunkOf))) {
      if (!kept.has(chunk)) routesOf.set(chunk, [...(routesOf.get(chunk) ?? []), route]);
    }
  }
  const total = Object.keys(routes).length;
  const nameOf = new Map([...routesOf].map(([chunk, of]) => [chunk, groupName(of, total)]));
  // The groups, with what they import (other groups, or the chunks kept as they are).
  const groups = new Map<string, Group>();
  for (const [chunk, of] of routesOf) {
    const name = nameOf.get(chunk) as string;
    const group = groups.get(name) ?? { name, routes: of, bytes: 0, imports: new Set<string>() };
    group.bytes += options.sizeOf(chunk);
    for (const file of chunk.imports) {
      const imported = byFile.get(file);
      if (imported) group.imports.add(nameOf.get(imported) ?? imported.fileName);
    }
    groups.set(name, group);
  }
  // The entry and what it imports: every route loads them.
  const everywhere = new Set([...entries, ...entryKit].map((chunk) => chunk.fileName));
  const mergedInto = mergeSmallGroups([...groups.values()], everywhere, options);
  return new Map([
    ...(entryKitName ? entryKit.flatMap((chunk) => chunk.moduleIds.map((id) => [id, entryKitName] as const)) : []),
    ...[...nameOf].flatMap(([chunk, name]) => chunk.moduleIds.map((id) => [id, mergedInto.get(name) ?? name] as const)),
  ]);
};

/** Code that the same routes load: its routes, its size, and the groups or kept chunks it imports. */
export type Group = { name: string; routes: readonly string[]; bytes: number; imports: Set<string> };

export type MergeOptions = {
  /** A chunk's size on the wire (brotli). */
  sizeOf: (chunk: Rolldown.OutputChunk) => number;
  /** A group up to this size is merged into a group that more routes load. */
  smallBytes: number;
  /** How many bytes merging may add to a route's first load. */
  allowanceOf: (route: string) => number;
};

/**
 * Small groups merged into groups that more routes load, each into the one that costs the fewest
 * extra bytes: the routes of the small group then fetch one file fewer, the other routes of the
 * bigger group fetch the small group's bytes too. A merge is skipped when it would add more to a
 * route than its allowance, or when the small group imports code that some route of the bigger
 * group does not load already (they would fetch that too). That rule also keeps every import
 * pointing at a group that at least the same routes load, so no two chunks ever import each other.
 * Answers each merged group's name → the group it went into.
 */
export const mergeSmallGroups = (
  groups: readonly Group[],
  everywhere: ReadonlySet<string>,
  options: Pick<MergeOptions, 'smallBytes' | 'allowanceOf'>,
): Map<string, string> => {
  const live = new Map(groups.map((group) => [group.name, { ...group, imports: new Set(group.imports) }]));
  const added = new Map<string, number>();
  const mergedInto = new Map<string, string>();
  const resolve = (name: string): string => {
    let target = name;
    while (mergedInto.has(target)) target = mergedInto.get(target) as string;
    return target;
  };
  /** Whether every route of `group` loads `name` (a group or a chunk kept as it is) already. */
  const loadedWith = (name: string, group: Group): boolean => {
    const imported = resolve(name);
    if (imported === group.name || everywhere.has(imported)) return true;
    const target = live.get(imported);
    return target !== undefined && group.routes.every((route) => target.routes.includes(route));
  };
  const bySize = [...live.values()]
    .filter((group) => group.bytes <= options.smallBytes)
    .sort((a, b) => a.bytes - b.bytes || a.name.localeCompare(b.name));
  for (const small of bySize) {
    const routes = new Set(small.routes);
    const best = [...live.values()]
      .filter((group) => group.routes.length > routes.size && small.routes.every((route) => group.routes.includes(route)))
      .filter((group) => [...small.imports].every((name) => loadedWith(name, group)))
      .map((group) => ({ group, extra: group.routes.filter((route) => !routes.has(route)) }))
      .filter(({ extra }) => extra.every((route) => (added.get(route) ?? 0) + small.bytes <= options.allowanceOf(route)))
      .sort((a, b) => a.extra.length - b.extra.length || a.group.name.localeCompare(b.group.name))[0];
    if (!best) continue;
    const { group, extra } = best;
    mergedInto.set(small.name, group.name);
    group.imports = new Set([...group.imports, ...small.imports].map(resolve).filter((name) => name !== group.name));
    group.bytes += small.bytes;
    for (const route of extra) added.set(route, (added.get(route) ?? 0) + small.bytes);
    live.delete(small.name);
  }
  return new Map([...mergedInto.keys()].map((name) => [name, resolve(name)]));
};

/** Each route of the router (app/router.tsx) with what its first load starts from. */
const routeSources = (webRoot: string): Record<string, string[]> =>
  Object.fromEntries(
    Object.entries(routePages(readFileSync(path.join(webRoot, 'src/app/router.tsx'), 'utf8'))).map(([name, source]) => [
      name,
      [...routeParts(source), source],
    ]),
  );

/**
 * The plugin that makes the first build (plugins that shape the module graph must be the same in
 * both: `graphPlugins`) and the namer for `codeSplitting.groups`, which reads what it found.
 */
export const routeChunks = (webRoot: string, graphPlugins: () => PluginOption[], treeshake: Rolldown.InputOptions['treeshake']) => {
  let groups: Map<string, string> | undefined;
  const plugin: Plugin = {
    name: 'plansmith:route-chunks',
    apply: 'build',
    async buildStart() {
      const result = (await build({
        configFile: false,
        root: webRoot,
        logLevel: 'silent',
        plugins: graphPlugins(),
        build: { write: false, rolldownOptions: { treeshake } },
      })) as Output | Output[];
      const chunks = (Array.isArray(result) ? result : [result])
        .flatMap((output) => output.output)
        .filter((item): item is Rolldown.OutputChunk => item.type === 'chunk');
      groups = groupsByRoute(webRoot, chunks, routeSources(webRoot), {
        sizeOf: (chunk) => brotliCompressSync(chunk.code, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }).length,
        smallBytes: SMALL_GROUP_BYTES,
        allowanceOf: (route) => (route === 'login' ? LOGIN_ALLOWANCE_BYTES : ALLOWANCE_BYTES),
      });
    },
  };
  const name = (id: string): string | null => {
    if (!groups) throw new Error('plansmith:route-chunks has not run its first build.');
    return id.startsWith('\0') || id.endsWith('.css') ? null : (groups.get(id) ?? null);
  };
  return { plugin, name };
};
