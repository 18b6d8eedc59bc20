import path from 'node:path';
import { ANONYMOUS_PAGES } from './bundle-budget.ts';

/**
 * Rolldown's automatic splitting gives every set of pages that shares code its own chunk: the
 * signed-in shell came as ~60 files, each compressed on its own (brotli finds no repeats across
 * files). Here the code that only the signed-in shell (and the guest's plan summary) imports goes
 * into two chunks, chosen by who imports it (static imports only): `shared-kit` for what the
 * guest's page uses too, `shell-kit` for the rest (menus, pickers, modals, notifications). Every
 * signed-in page loads all of it anyway. What the sign-in page or another anonymous page
 * (registration, recovery, invitations) imports, and each page's own code, stay with the automatic
 * splitting, so those pages never load the shell's code. Needs plansmith:direct-imports
 * (build/direct-imports.ts): without it every antd component hangs off antd's index and all of
 * them would look shared.
 */
type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

const ROOTS = {
  entry: ['src/main.tsx'],
  login: ['src/app/pages/login-page.tsx', 'src/app/layouts/anonymous-layout.tsx'],
  shell: ['src/app/layouts/app-shell.tsx', 'src/app/require-policy.tsx'],
  // The guest's plan summary: drawn without the shell, with much of what signed-in pages use.
  guest: ['src/app/pages/guest-plan-summary-page.tsx'],
  // The other pages drawn without the shell (registration, recovery, invitations): kept small.
  anonymous: [...ANONYMOUS_PAGES]
    .filter((page) => page !== 'login' && page !== 'guest-plan-summary')
    .map((page) => `src/app/pages/${page}-page.tsx`),
} as const;
type Root = keyof typeof ROOTS;

/** Every module the files lead to through static imports (the files included). */
const staticallyReached = (files: readonly string[], graph: ModuleGraph): Set<string> => {
  const reached = new Set<string>();
  const queue = [...files];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (reached.has(id)) continue;
    reached.add(id);
    queue.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return reached;
};

export const chunkGroupNamer = (webRoot: string) => {
  const rootFiles = new Set(Object.values(ROOTS).flatMap((files) => files.map((file) => path.join(webRoot, file))));
  let reached: Record<Root, Set<string>> | undefined;
  return (id: string, graph: ModuleGraph): string | null => {
    // The graph is complete when chunking starts: walk it once, on the first module asked about.
    reached ??= Object.fromEntries(
      Object.entries(ROOTS).map(([root, files]) => [
        root,
        staticallyReached(
          files.map((file) => path.join(webRoot, file)),
          graph,
        ),
      ]),
    ) as Record<Root, Set<string>>;
    if (id.startsWith('\0') || id.endsWith('.css') || rootFiles.has(id) || reached.entry.has(id)) return null;
    if (!reached.shell.has(id)) return null;
    if (reached.login.has(id) || reached.anonymous.has(id)) return null;
    return reached.guest.has(id) ? 'shared-kit' : 'shell-kit';
  };
};
