import MagicString from 'magic-string';
import { type Plugin, parseSync, Visitor } from 'vite';

/**
 * The browser calls a contract route by its method, path, access and `raw` flag
 * (src/shared/api/client.ts); a route's zod schemas (`body`, `response`) are for the server, which
 * checks every request and answer with them, and for the typings. They were bundled and built, all
 * of them, while the app's scripts were first run (~a third of that run on a phone), for nothing.
 * In the web build the contract's modules are rewritten so that the bundler leaves out what the
 * browser does not use:
 * - every route of a `defineRoutes({...})` loses its `body` and `response`;
 * - every module-level `const` whose value is computed (a schema, a table built by a call) is
 *   computed in a function called at once and marked pure, `/* @__PURE__ *\/ (() => (value))()`:
 *   the same value at the same moment, but the bundler may drop it when nothing uses it, which it
 *   may not do with a bare call (zod's calls could, for all it knows, change something).
 */
const SCHEMA_KEYS = new Set(['body', 'response']);
const PLAIN_VALUES = new Set(['Literal', 'Identifier', 'TemplateLiteral', 'ArrowFunctionExpression', 'FunctionExpression']);

/** The module rewritten as above, or null when there is nothing to rewrite. */
export const withoutRouteSchemas = (code: string, filename = 'routes.ts'): string | null => {
  const { program, errors } = parseSync(filename, code, { lang: 'ts' });
  if (errors.length > 0) throw new Error(`${filename} does not parse: ${errors[0]?.message}`);
  const output = new MagicString(code);
  let changed = false;
  new Visitor({
    CallExpression(call) {
      if (call.callee.type !== 'Identifier' || call.callee.name !== 'defineRoutes') return;
      const [routes] = call.arguments;
      if (routes?.type !== 'ObjectExpression') return;
      for (const route of routes.properties) {
        if (route.type !== 'Property' || route.value.type !== 'ObjectExpression') continue;
        for (const field of route.value.properties) {
          if (field.type !== 'Property' || field.key.type !== 'Identifier' || !SCHEMA_KEYS.has(field.key.name)) continue;
          // The field and the comma after it.
          const end = code[field.end] === ',' ? field.end + 1 : field.end;
          output.remove(field.start, end);
          changed = true;
        }
      }
    },
  }).visit(program);
  for (const statement of program.body) {
    const declaration = statement.type === 'ExportNamedDeclaration' && statement.declaration ? statement.declaration : statement;
    if (declaration.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
    for (const declarator of declaration.declarations) {
      const value = declarator.init;
      if (!value || PLAIN_VALUES.has(value.type)) continue;
      output.appendLeft(value.start, '/* @__PURE__ */ (() => (');
      output.prependRight(value.end, '))()');
      changed = true;
    }
  }
  return changed ? output.toString() : null;
};

export const routeSchemasLeftOut = (): Plugin => ({
  name: 'plansmith:route-schemas-left-out',
  apply: 'build',
  // Before TypeScript is stripped: the contract's sources as they are.
  enforce: 'pre',
  transform: {
    filter: { id: /[\\/]packages[\\/]contract[\\/]src[\\/][\w-]+\.ts$/ },
    handler(code, id) {
      const result = withoutRouteSchemas(code, id);
      return result === null ? null : { code: result, map: null };
    },
  },
});
