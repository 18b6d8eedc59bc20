// Hostile request bodies for the fuzz suite: a body made from the route's schema, then bent in one
// of the ways an attacker or a broken client would. Sent as raw JSON text, so tokens that
// JSON.stringify cannot produce (NaN, 1e999, a "__proto__" key) reach the server.
import fc from 'fast-check';
import type { z } from 'zod';
import { arbitraryOf, type FieldValues, jsonSchemaOf } from './body-arbitraries.ts';

/** Written into extra fields; no stored row may ever contain it. */
export const EXTRA_MARKER = 'fuzz-extra-zz';

const WRONG_TYPES: unknown[] = [42, -1, 0.5, true, false, [], {}, null, '', 'text', ['a'], { Id: 1 }];
const CONTROL_TEXTS = [
  '\u0000',
  '\u0001',
  '\u0007\b',
  '\u001b[31m',
  '\u007f',
  '\t\r\n',
  '\u2028\u2029',
  '\u202e',
  '\ud800',
  '\uffff',
  '\ufeff',
];
const RAW_NUMBERS = [
  'NaN',
  'Infinity',
  '-Infinity',
  '1e999',
  '-1e999',
  '1e308',
  '-1e308',
  '9007199254740993',
  '-0',
  '1e-400',
  '0.001',
  '10.005',
];
const IMPOSSIBLE_DATES = [
  '2026-02-30',
  '2025-02-29',
  '2026-13-01',
  '2026-00-10',
  '0000-00-00',
  '9999-99-99',
  '2026-02-29T25:61:00Z',
  '-001-01-01',
  '2026-1-1',
];
// Real dates outside the API's range (2000-01-01 … 2100-12-31): a far-future start once overflowed
// a copied end date. Every date and month of the body gets one at once.
const FAR_OFF_DATES = ['9999-12-31', '2101-01-01', '1999-12-31', '0001-01-01', '2100-12-31'];
const DATE_LIKE = /^\d{4}-\d{2}-\d{2}$/;
const MONTH_LIKE = /^\d{4}-\d{2}$/;
// Half a UTF-16 pair: valid JSON (\ud800), not valid text; an SDK that URL-encodes it throws.
const LONE_SURROGATES = ['\ud800', '\udfff', 'a\udc00b', '\ud83d'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const RAW = (index: number) => `@@raw${index}@@`;

type Mutation =
  | { kind: 'none' }
  | { kind: 'wrong type'; value: unknown }
  | { kind: 'missing field' }
  | { kind: 'extra fields'; otherTenantId: string }
  | { kind: 'control characters'; text: string }
  | { kind: 'raw number'; token: string }
  | { kind: '3-decimal money'; cents: number }
  | { kind: 'impossible date'; date: string }
  | { kind: 'far-off date'; date: string }
  | { kind: 'lone surrogate'; text: string }
  | { kind: 'prototype keys'; key: '__proto__' | 'constructor' | 'prototype' };

export type HostileBody = { mutation: Mutation['kind']; payload: string };

/** The ways a body gets bent; the suite runs each of them on every operation. */
export const MUTATION_KINDS = [
  'none',
  'wrong type',
  'missing field',
  'extra fields',
  'control characters',
  'raw number',
  '3-decimal money',
  'impossible date',
  'far-off date',
  'lone surrogate',
  'prototype keys',
] as const satisfies readonly Mutation['kind'][];

const mutationsOf = (kind: Mutation['kind'], otherTenantId: string): fc.Arbitrary<Mutation> => {
  switch (kind) {
    case 'none':
    case 'missing field':
      return fc.constant<Mutation>({ kind });
    case 'wrong type':
      return fc.constantFrom(...WRONG_TYPES).map((value): Mutation => ({ kind, value }));
    case 'extra fields':
      return fc.constant<Mutation>({ kind, otherTenantId });
    case 'control characters':
      // NUL on its own half the time: PostgreSQL refuses it in text, the others it stores.
      return fc
        .oneof(
          fc.constant('\u0000'),
          fc.subarray(CONTROL_TEXTS, { minLength: 1 }).map((texts) => texts.join('')),
        )
        .map((text): Mutation => ({ kind, text }));
    case 'raw number':
      return fc.constantFrom(...RAW_NUMBERS).map((token): Mutation => ({ kind, token }));
    case '3-decimal money':
      return fc.integer({ min: 0, max: 10_000_000 }).map((cents): Mutation => ({ kind, cents }));
    case 'impossible date':
      return fc.constantFrom(...IMPOSSIBLE_DATES).map((date): Mutation => ({ kind, date }));
    case 'far-off date':
      return fc.constantFrom(...FAR_OFF_DATES).map((date): Mutation => ({ kind, date }));
    case 'lone surrogate':
      return fc.constantFrom(...LONE_SURROGATES).map((text): Mutation => ({ kind, text }));
    case 'prototype keys':
      return fc.constantFrom('__proto__' as const, 'constructor' as const, 'prototype' as const).map((key): Mutation => ({ kind, key }));
  }
};

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Replaces every string leaf, keeping the shape. */
const mapStrings = (value: unknown, change: (text: string) => string): unknown => {
  if (typeof value === 'string') return change(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, change));
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapStrings(item, change)]));
  return value;
};

/** The object a field mutation applies to: the body, or the first object of an array body. */
const targetOf = (body: unknown): Record<string, unknown> | null => {
  if (isObject(body)) return body;
  if (Array.isArray(body) && isObject(body[0])) return body[0];
  return null;
};

const apply = (body: unknown, mutation: Mutation, pick: number): string => {
  const copy: unknown = structuredClone(body);
  const target = targetOf(copy);
  const keys = target ? Object.keys(target) : [];
  const key = keys.length > 0 ? keys[pick % keys.length] : undefined;
  const raw: string[] = [];
  const rawValue = (token: string) => {
    raw.push(token);
    return RAW(raw.length - 1);
  };
  let result: unknown = copy;
  switch (mutation.kind) {
    case 'none':
      break;
    case 'wrong type':
      if (target && key) target[key] = mutation.value;
      else result = mutation.value;
      break;
    case 'missing field':
      if (target && key) delete target[key];
      break;
    case 'extra fields':
      if (target) {
        Object.assign(target, {
          TenantId: mutation.otherTenantId,
          tenantId: mutation.otherTenantId,
          tenant_id: mutation.otherTenantId,
          Role: 'owner',
          TenantRole: 'owner',
          IsAdmin: true,
          CreatedBy: EXTRA_MARKER,
          Marker: EXTRA_MARKER,
        });
      }
      break;
    case 'control characters':
      {
        // One text field gets them (ids left intact, so the body gets past the id checks).
        let seen = 0;
        const count = (text: string) => {
          if (!UUID.test(text)) seen += 1;
          return text;
        };
        mapStrings(copy, count);
        const chosen = seen > 0 ? pick % seen : -1;
        let index = -1;
        result = mapStrings(copy, (text) => {
          if (UUID.test(text)) return text;
          index += 1;
          return index === chosen ? `${text}${mutation.text}` : text;
        });
      }
      break;
    case 'raw number':
      if (target && key) target[key] = rawValue(mutation.token);
      break;
    case '3-decimal money':
      // Every number field gets a third decimal (10.005): money must refuse it, counts too.
      if (target) for (const [name, value] of Object.entries(target)) if (typeof value === 'number') target[name] = mutation.cents / 1000;
      break;
    case 'impossible date':
      if (target && key) target[key] = mutation.date;
      break;
    case 'far-off date':
      // Every date and month, so the one the route computes from is surely among them.
      result = mapStrings(copy, (text) => {
        if (DATE_LIKE.test(text)) return mutation.date;
        if (MONTH_LIKE.test(text)) return mutation.date.slice(0, 7);
        return text;
      });
      break;
    case 'lone surrogate':
      // Every text field but the ids the fixture supplies (which must stay valid to reach the service).
      result = mapStrings(copy, (text) => (UUID.test(text) ? text : `${text}${mutation.text}`));
      break;
    case 'prototype keys':
      break;
  }
  let payload = JSON.stringify(result ?? null);
  raw.forEach((token, index) => {
    payload = payload.replace(JSON.stringify(RAW(index)), token);
  });
  if (mutation.kind === 'prototype keys' && payload.startsWith('{')) {
    const polluting =
      mutation.key === 'constructor'
        ? `"constructor":{"prototype":{"polluted":"${EXTRA_MARKER}"}}`
        : `"${mutation.key}":{"polluted":"${EXTRA_MARKER}","TenantId":"${EXTRA_MARKER}"}`;
    payload = payload === '{}' ? `{${polluting}}` : `{${polluting},${payload.slice(1)}`;
  }
  return payload;
};

/** Bodies for one route: its schema's values (ids from `values`), each bent in the way `kind` names. */
export const hostileBodies = (
  schema: z.ZodType,
  values: FieldValues,
  kind: Mutation['kind'],
  otherTenantId: string,
): fc.Arbitrary<HostileBody> =>
  fc
    .tuple(arbitraryOf(jsonSchemaOf(schema), values, 'random'), mutationsOf(kind, otherTenantId), fc.nat())
    .map(([body, mutation, pick]) => ({ mutation: mutation.kind, payload: apply(body, mutation, pick) }));
