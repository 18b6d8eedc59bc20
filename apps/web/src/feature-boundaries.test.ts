import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The web's dependency direction (STYLE.md "Dependency direction"): app/ composes features,
 * features use shared/ and the contract, and no feature imports another feature or app/.
 * What two features share (query keys, identity, the team list, UI) lives in shared/.
 */
const SRC = dirname(fileURLToPath(import.meta.url));
const FEATURES = join(SRC, 'features');

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });

// Static imports and re-exports, side-effect imports and dynamic import() calls.
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g;

const importsOf = (file: string): string[] => [...readFileSync(file, 'utf8').matchAll(SPECIFIER)].map((match) => match[1] ?? '');

/** The top-level area an import lands in: "features/<name>", "app", "shared", ... or null outside src/. */
const areaOf = (path: string): string | null => {
  const parts = relative(SRC, path).split(sep);
  if (parts[0] === '..') return null;
  return parts[0] === 'features' ? `features/${parts[1]}` : (parts[0] ?? null);
};

/** Every import from a feature into another feature or into app/, as "file: specifier". */
const forbiddenImports = (): string[] =>
  sourceFiles(FEATURES).flatMap((file) => {
    const own = areaOf(file);
    return importsOf(file)
      .filter((specifier) => specifier.startsWith('.'))
      .filter((specifier) => {
        const target = areaOf(resolve(dirname(file), specifier));
        return target !== own && (target === 'app' || target?.startsWith('features/') === true);
      })
      .map((specifier) => `${relative(SRC, file)}: ${specifier}`);
  });

describe('web feature boundaries', () => {
  it('finds the features and reads their imports', () => {
    expect(sourceFiles(FEATURES).length).toBeGreaterThan(50);
    expect(importsOf(join(FEATURES, 'expenses', 'api', 'expense-mutations.ts'))).toContain('../../../shared/api/query-keys.ts');
  });

  it('no feature imports another feature or app/ (shared code lives in shared/, pages in app/ compose features)', () => {
    expect(forbiddenImports(), 'features/<a> must not import features/<b> or app/; move what they share to shared/').toEqual([]);
  });
});
