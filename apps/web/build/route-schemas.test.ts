import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { withoutRouteSchemas } from './route-schemas.ts';

const CONTRACT = path.resolve(import.meta.dirname, '../../../packages/contract/src');

describe("the contract's modules in the web build", () => {
  it("keep each route's method, path, access and raw flag, and lose its body and response schemas", () => {
    const code = `import { z } from 'zod';
export const ThingSchema = z.object({ Name: z.string() });
export const thingRoutes = defineRoutes({
  getThing: { method: 'POST', path: '/api/Thing/Get', access: 'authenticated', body: ThingSchema, response: ThingSchema.array(), raw: true },
  saveThing: {
    method: 'POST',
    path: '/api/Thing/Save',
    body: ThingSchema,
    response: z.null(),
    tags: ['things'],
  },
});`;
    const result = (withoutRouteSchemas(code, 'things.ts') ?? '').replace(/\s+/g, ' ');
    expect(result).not.toMatch(/body:|response:/);
    expect(result).toContain(`getThing: { method: 'POST', path: '/api/Thing/Get', access: 'authenticated', raw: true }`);
    expect(result).toContain(`saveThing: { method: 'POST', path: '/api/Thing/Save', tags: ['things'], }`);
  });

  it('compute each module-level value in a pure call, so that one nothing uses can be left out, and leave plain values alone', () => {
    const code = `export const A = z.string().min(1);
const B = { a: A.optional() } as const;
export const C = 'literal';
export const f = (x: number) => z.number().max(x);
let d = z.string();`;
    expect(withoutRouteSchemas(code, 'values.ts')).toBe(`export const A = /* @__PURE__ */ (() => (z.string().min(1)))();
const B = /* @__PURE__ */ (() => ({ a: A.optional() } as const))();
export const C = 'literal';
export const f = (x: number) => z.number().max(x);
let d = z.string();`);
  });

  it('rewrites every module of the contract into code that still parses, and every defineRoutes loses its schemas', () => {
    const files = ['expenses.ts', 'budget.ts', 'identity.ts', 'plans.ts', 'funnels.ts'];
    for (const file of files) {
      const result = withoutRouteSchemas(readFileSync(path.join(CONTRACT, file), 'utf8'), file);
      expect(result, file).not.toBeNull();
      // Rewriting the rewritten code again must parse and find no schema left in a route.
      const again = withoutRouteSchemas(result ?? '', file) ?? '';
      expect(again.match(/^\s+(body|response): /m), file).toBeNull();
    }
  });

  it('refuses a module that does not parse instead of passing it on unchanged', () => {
    expect(() => withoutRouteSchemas('export const = ;', 'broken.ts')).toThrow(/does not parse/);
  });
});
