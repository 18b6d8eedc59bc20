import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Rewrites `import { Button, Table } from 'antd'` (and the same from '@ant-design/icons') in our
 * own code into one import per component (`import Button from 'antd/es/button'`), as
 * babel-plugin-import did for antd 4. The bundle is the same, but the module graph then says which
 * page uses which component, instead of every component hanging off the package's index: that is
 * what build/chunk-groups.ts reads to put each route's code into a few chunks.
 */
const require = createRequire(import.meta.url);

/** Reads `export { default as Name } from './dir'` lines of a package's index into Name → module path. */
const readBarrel = (indexFile: string, prefix: string): Map<string, string> => {
  const exports = new Map<string, string>();
  for (const match of readFileSync(indexFile, 'utf8').matchAll(/export \{ default as (\w+) \} from ["']\.\/([\w./-]+)["']/g)) {
    const [, name, target] = match;
    if (name && target) exports.set(name, `${prefix}/${target}`);
  }
  return exports;
};

// Both packages' main files are lib/index.js, beside es/.
const packageDir = (name: string) => path.dirname(path.dirname(require.resolve(name)));
const BARRELS: Record<string, Map<string, string>> = {
  antd: readBarrel(path.join(packageDir('antd'), 'es', 'index.js'), 'antd/es'),
  '@ant-design/icons': readBarrel(path.join(packageDir('@ant-design/icons'), 'es', 'icons', 'index.js'), '@ant-design/icons/es/icons'),
};

const IMPORT = /import\s*\{([^}]*)\}\s*from\s*['"](antd|@ant-design\/icons)['"];?/g;

/** The rewritten code, or null when `code` imports nothing from the two packages. */
export const rewriteBarrelImports = (code: string): string | null => {
  let changed = false;
  const result = code.replace(IMPORT, (statement, list: string, pkg: string) => {
    const barrel = BARRELS[pkg];
    if (!barrel) return statement;
    const direct: string[] = [];
    const kept: string[] = [];
    for (const raw of list.split(',')) {
      const specifier = raw.trim();
      if (!specifier || specifier.startsWith('type ')) continue;
      const [imported = '', local = imported] = specifier.split(/\s+as\s+/);
      const target = barrel.get(imported);
      if (target) direct.push(`import ${local} from '${target}';`);
      else kept.push(specifier);
    }
    changed = true;
    return [...direct, ...(kept.length > 0 ? [`import { ${kept.join(', ')} } from '${pkg}';`] : [])].join(' ');
  });
  return changed ? result : null;
};

export const directImports = (): Plugin => ({
  name: 'plansmith:direct-imports',
  // After TypeScript is stripped (type-only specifiers are gone), before bundling.
  transform: {
    filter: { id: { include: /[\\/]src[\\/].*\.tsx?$/, exclude: /node_modules/ } },
    handler(code) {
      const rewritten = rewriteBarrelImports(code);
      return rewritten === null ? null : { code: rewritten, map: null };
    },
  },
});
