import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { build, type Plugin, type PluginOption, type Rolldown } from 'vite';
import { routePages, routeParts } from './route-preloads.ts';

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
  return new Map([
    ...(entryKitName ? entryKit.flatMap((chunk) => chunk.moduleIds.map((id) => [id, entryKitName] as const)) : []),
    ...[...routesOf].flatMap(([chunk, of]) => chunk.moduleIds.map((id) => [id, groupName(of, total)] as const)),
  ]);
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
        build: { write: false, minify: false, rolldownOptions: { treeshake } },
      })) as Output | Output[];
      const chunks = (Array.isArray(result) ? result : [result])
        .flatMap((output) => output.output)
        .filter((item): item is Rolldown.OutputChunk => item.type === 'chunk');
      groups = groupsByRoute(webRoot, chunks, routeSources(webRoot));
    },
  };
  const name = (id: string): string | null => {
    if (!groups) throw new Error('plansmith:route-chunks has not run its first build.');
    return id.startsWith('\0') || id.endsWith('.css') ? null : (groups.get(id) ?? null);
  };
  return { plugin, name };
};
