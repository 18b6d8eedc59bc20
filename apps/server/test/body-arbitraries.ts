// Request bodies made from the contract's zod schemas (through zod 4's JSON Schema), for the
// generated authorization and fuzz suites: a valid body for any route, and hostile variants of it.
import fc from 'fast-check';
import { z } from 'zod';

type JsonSchema = {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  default?: unknown;
};

/** The value a field named `name` must carry (an entity id of the fixture, a search term), if any. */
export type FieldValues = (name: string) => unknown;

export const jsonSchemaOf = (schema: z.ZodType): JsonSchema =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

/** The pattern the contract's CalendarDateSchema and DateOnlySchema carry into JSON Schema. */
const DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';
const isoDate = fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true });

/** The characters of a regex class body such as `A-Za-z0-9_-`. */
const expandClass = (body: string): string[] => {
  const characters: string[] = [];
  for (let index = 0; index < body.length; index += 1) {
    const from = body[index] as string;
    const to = body[index + 2];
    if (body[index + 1] === '-' && to !== undefined) {
      for (let code = from.charCodeAt(0); code <= to.charCodeAt(0); code += 1) characters.push(String.fromCharCode(code));
      index += 2;
    } else if (from !== '\\') characters.push(from);
  }
  return characters;
};

const stringArbitrary = (node: JsonSchema): fc.Arbitrary<string> => {
  const maxLength = Math.min(node.maxLength ?? 40, 40);
  const fits = (value: string) => value.length >= (node.minLength ?? 0) && value.length <= (node.maxLength ?? Number.POSITIVE_INFINITY);
  if (node.format === 'uuid') return fc.uuid({ version: 4 });
  if (node.format === 'email') return fc.emailAddress().filter((value) => !node.pattern || new RegExp(node.pattern).test(value));
  // The contract's dates are a YYYY-MM-DD pattern with a calendar and range check: random digits
  // would almost never make a real date from 2000 to 2100.
  if (node.format === 'date' || node.pattern === DATE_PATTERN) return isoDate.map((date) => date.toISOString().slice(0, 10));
  if (node.format === 'date-time') return isoDate.map((date) => date.toISOString());
  // A pattern of one character class (`^[A-Za-z0-9_-]+$`): draw from its characters, so the length
  // bounds hold by construction; filtering fc.stringMatching for a minimum length can spin forever.
  const charClass = node.pattern ? /^\^\[([^\]]+)\][+*]\$$/.exec(node.pattern) : null;
  if (charClass?.[1]) {
    const characters = expandClass(charClass[1]);
    const min = node.minLength ?? 0;
    return fc.string({ unit: fc.constantFrom(...characters), minLength: min, maxLength: Math.max(maxLength, min) });
  }
  if (node.pattern) return fc.stringMatching(new RegExp(node.pattern)).filter(fits);
  return fc.string({ minLength: node.minLength ?? 0, maxLength: Math.max(maxLength, node.minLength ?? 0), unit: 'grapheme-ascii' });
};

const numberArbitrary = (node: JsonSchema, integer: boolean): fc.Arbitrary<number> => {
  const min = node.minimum ?? (node.exclusiveMinimum !== undefined ? node.exclusiveMinimum + 1 : 0);
  const max = node.maximum ?? (node.exclusiveMaximum !== undefined ? node.exclusiveMaximum - 1 : Math.max(min, 0) + 10_000);
  if (integer) return fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
  // Money and other decimals: whole cents.
  return fc.integer({ min: Math.ceil(min * 100), max: Math.floor(max * 100) }).map((cents) => cents / 100);
};

/**
 * An arbitrary of the values a JSON Schema node accepts. `optional` decides whether optional
 * properties appear: never (except those `values` names), or at random.
 */
export const arbitraryOf = (
  node: JsonSchema,
  values: FieldValues,
  optional: 'named-only' | 'random',
  name?: string,
): fc.Arbitrary<unknown> => {
  const fixed = name === undefined ? undefined : values(name);
  if (fixed !== undefined) return fc.constant(fixed);
  if ('const' in node) return fc.constant(node.const);
  if (node.enum) return fc.constantFrom(...node.enum);
  const variants = node.anyOf ?? node.oneOf;
  if (variants) return fc.oneof(...variants.map((variant) => arbitraryOf(variant, values, optional, name)));
  if (Array.isArray(node.type)) return fc.oneof(...node.type.map((type) => arbitraryOf({ ...node, type }, values, optional, name)));
  switch (node.type) {
    case 'object': {
      const properties = node.properties ?? {};
      const required = new Set(node.required ?? []);
      const shape: Record<string, fc.Arbitrary<unknown>> = {};
      const requiredKeys: string[] = [];
      for (const [key, child] of Object.entries(properties)) {
        const named = values(key) !== undefined;
        if (!required.has(key) && optional === 'named-only' && !named) continue;
        shape[key] = arbitraryOf(child, values, optional, key);
        if (required.has(key) || named) requiredKeys.push(key);
      }
      const record = fc.record(shape, { requiredKeys });
      if (Object.keys(properties).length > 0 || !node.additionalProperties || node.additionalProperties === true) return record;
      const extra = node.additionalProperties;
      return fc.dictionary(fc.string({ minLength: 1, maxLength: 10, unit: 'grapheme-ascii' }), arbitraryOf(extra, values, optional), {
        maxKeys: 3,
      });
    }
    case 'array':
      return fc.array(node.items ? arbitraryOf(node.items, values, optional) : fc.constant(null), {
        minLength: node.minItems ?? 0,
        maxLength: Math.max(Math.min(node.maxItems ?? 3, 3), node.minItems ?? 0),
      });
    case 'string':
      return stringArbitrary(node);
    case 'integer':
      return numberArbitrary(node, true);
    case 'number':
      return numberArbitrary(node, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.constant(null);
  }
};

/**
 * A body the schema accepts, with the named fields set from `values`: the first of a fixed-seed
 * sample that passes the schema's own refinements. Throws when none does, so a route whose body
 * cannot be made is reported rather than silently tested with garbage.
 */
export const validBody = (schema: z.ZodType, values: FieldValues, seed = 42): unknown => {
  const arbitrary = arbitraryOf(jsonSchemaOf(schema), values, 'named-only');
  const candidates = fc.sample(arbitrary, { seed, numRuns: 300 });
  for (const candidate of candidates) {
    if (schema.safeParse(candidate).success) return candidate;
  }
  // A refinement such as "either MarketingPlanId or ObjectiveId" refuses every named field at
  // once: try each candidate without one of its fields.
  for (const candidate of candidates) {
    if (typeof candidate !== 'object' || candidate === null || Array.isArray(candidate)) continue;
    for (const key of Object.keys(candidate)) {
      const { [key]: _dropped, ...rest } = candidate as Record<string, unknown>;
      if (schema.safeParse(rest).success) return rest;
    }
  }
  // The same for a list of rows (a bulk save whose rows need a Version once they name an Id).
  for (const candidate of candidates) {
    if (!Array.isArray(candidate) || typeof candidate[0] !== 'object' || candidate[0] === null) continue;
    for (const key of Object.keys(candidate[0])) {
      const rest = candidate.map((row) => {
        const { [key]: _dropped, ...others } = row as Record<string, unknown>;
        return others;
      });
      if (schema.safeParse(rest).success) return rest;
    }
  }
  throw new Error(`no body generated from the schema passes it: ${JSON.stringify(jsonSchemaOf(schema)).slice(0, 300)}`);
};
