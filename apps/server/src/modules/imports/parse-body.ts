import type { FieldError } from '@plansmith/contract';
import { ImportCommitRequestSchema, ImportPreviewRequestSchema } from '@plansmith/contract/imports';
import sjson from 'secure-json-parse';

// The JSON body of ImportClient/Preview and /Commit read in a worker thread (sheet-pool.ts): about
// 13 MB of JSON carrying the file as base64. Fastify's own parser held the request thread ~60 ms
// for JSON.parse and the base64 decode another ~20 ms (issue 29). Here the body is parsed as
// Fastify parses JSON (secure-json-parse, prototype poisoning refused), checked against the route's
// schema (the same messages), and the file decoded; the request thread gets back the small fields
// and the file's bytes (moved, not copied).

export type BodyRoute = 'preview' | 'commit';

export type ParseBodyInput = { route: BodyRoute; body: Uint8Array };

export type ParsedBody =
  /** The checked body with ContentBase64 emptied (a NUL in it is kept, for the NUL check to name), and the file: null when not base64. */
  | { ok: true; body: Record<string, unknown>; content: Uint8Array | null }
  | { ok: false; problem: 'json' }
  | { ok: false; problem: 'invalid'; errors: FieldError[] };

const SCHEMAS = { preview: ImportPreviewRequestSchema, commit: ImportCommitRequestSchema } as const;

const BASE64 = /^[A-Za-z0-9+/\s]*={0,2}\s*$/;

/** Bytes in an ArrayBuffer of their own, so that moving them to another thread moves nothing else. */
const ownBuffer = (bytes: Buffer): Uint8Array => {
  if (bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.length) return new Uint8Array(bytes.buffer);
  return new Uint8Array(bytes);
};

export const parseImportBody = (input: ParseBodyInput): ParsedBody => {
  let parsed: unknown;
  try {
    parsed = sjson.parse(Buffer.from(input.body.buffer, input.body.byteOffset, input.body.byteLength).toString('utf8'), {
      protoAction: 'error',
      constructorAction: 'error',
    });
  } catch {
    return { ok: false, problem: 'json' };
  }
  const result = SCHEMAS[input.route].safeParse(parsed);
  if (!result.success) {
    // As the route's validator reports them (plugins/errors.ts): the dotted path, or `body`.
    return {
      ok: false,
      problem: 'invalid',
      errors: result.error.issues.map((issue) => ({ Field: issue.path.join('.') || 'body', Message: issue.message })),
    };
  }
  const text = result.data.ContentBase64;
  if (text.includes('\u0000')) return { ok: true, body: { ...result.data, ContentBase64: '\u0000' }, content: null };
  const content = BASE64.test(text) ? ownBuffer(Buffer.from(text, 'base64')) : null;
  return { ok: true, body: { ...result.data, ContentBase64: '' }, content };
};
